#include "verify/engine/case_list.hpp"

#include <memory>
#include <utility>

namespace nb {

CaseList::CaseList(std::size_t size, BuildFn build) : size_(size), build_(std::move(build)) {}

CaseList::CaseList(std::vector<Case> cases) : size_(cases.size()) {
  auto held = std::make_shared<const std::vector<Case>>(std::move(cases));
  build_ = [held](std::size_t i) { return (*held)[i]; };
}

CaseList CaseList::adjusted(std::function<void(Case&)> adjust) const {
  return CaseList(size_, [build = build_, adjust = std::move(adjust)](std::size_t i) {
    Case c = build(i);
    adjust(c);
    return c;
  });
}

}  // namespace nb
