#pragma once
// Cases built one at a time when asked. A model source's rows are too many to hold as cases at
// once (each holds its row's keys and values: about 1 MB at 1024 tokens), so a run over them
// builds and decides them a chunk at a time (verify/results/run.hpp).
#include <cstddef>
#include <functional>
#include <iterator>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb {

class CaseList {
 public:
  using BuildFn = std::function<Case(std::size_t)>;

  CaseList() = default;
  // `size` cases, case i being build(i), the same case at every call (build must be safe to call
  // from several threads at once).
  CaseList(std::size_t size, BuildFn build);
  // Cases held: each access copies one out.
  CaseList(std::vector<Case> cases);  // NOLINT(google-explicit-constructor): a list of cases is one

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // A case built anew, by value: keep the case, not a reference into it (list[0].number("x")
  // refers into a temporary).
  Case operator[](std::size_t i) const { return build_(i); }
  Case front() const { return build_(0); }
  Case back() const { return build_(size_ - 1); }

  // This list with `adjust` applied to each case as it is built.
  CaseList adjusted(std::function<void(Case&)> adjust) const;

  // Iterates by value: `for (const Case& c : list)` builds each case in turn.
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Case;
    using difference_type = std::ptrdiff_t;
    Iterator(const CaseList* list, std::size_t i) : list_(list), i_(i) {}
    Case operator*() const { return (*list_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return i_ == other.i_; }

   private:
    const CaseList* list_;
    std::size_t i_;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, size_}; }

 private:
  std::size_t size_ = 0;
  BuildFn build_;
};

}  // namespace nb
