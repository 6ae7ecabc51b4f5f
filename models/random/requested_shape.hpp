#pragma once
// The shape a suite request asks of case i (SuiteRequest::shapes), put into what a generator drew.
// Generators draw every part as in their default suite, from the same random stream, and then
// take the requested parts: a request without shapes gives the default suite unchanged.
#include <cstddef>
#include <string>

#include "verify/engine/theorem.hpp"

namespace nb::random {

class RequestedShape {
 public:
  RequestedShape(const SuiteRequest& request, std::size_t i) : shape_(request.shape_of_case(i)) {}

  bool requested() const { return shape_ != nullptr; }
  std::size_t L(std::size_t drawn) const { return shape_ && shape_->L ? *shape_->L : drawn; }
  std::size_t d(std::size_t drawn) const { return shape_ && shape_->d ? *shape_->d : drawn; }
  std::size_t N(std::size_t drawn) const { return shape_ && shape_->N ? *shape_->N : drawn; }
  std::string T(std::string drawn) const { return shape_ && shape_->T ? *shape_->T : drawn; }

 private:
  const CaseShape* shape_;
};

}  // namespace nb::random
