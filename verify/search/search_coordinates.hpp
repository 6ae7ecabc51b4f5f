#pragma once
// The free coordinates of a case under a theorem's SearchSpace (verify/engine/search_space.hpp), and
// the exact case at given coordinates: what the optimizer moves, and what the engine certifies.
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/search_space.hpp"

namespace nb::search {

class SearchCoordinates {
 public:
  // Throws InputError when `space` names a number the start case does not have.
  SearchCoordinates(const SearchSpace& space, Case start);

  std::size_t dimension() const { return dimension_; }
  // The coordinates of the start case.
  std::vector<double> start() const;
  // The start case with its free numbers replaced by the binary64 values at `x` (so the case is
  // exactly what the optimizer evaluated). Throws InputError when an entry is not finite.
  Case at(const std::vector<double>& x) const;

 private:
  std::vector<SearchInput> inputs_;
  Case start_;
  std::size_t dimension_ = 0;
};

}  // namespace nb::search
