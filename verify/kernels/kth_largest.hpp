#pragma once
// The k-th largest entry of a vector, counted with multiplicity ((3, 5, 5) has 5 as its first and
// second largest, 3 as its third). For an interval type an enclosure for every point of the
// entries' enclosures: the k-th largest of the lower ends and the k-th largest of the upper ends
// (each end's k-th largest is monotone in every entry). ExactReal entries are not ordered here
// (unknown): an exact k-th largest is taken from exact inputs (verify/kernels/top_n.hpp).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb {

// The k-th largest of `values` (1 <= k <= values.size()), as the ordering of T gives it.
template <class T>
T kth_largest_of(std::vector<T> values, std::size_t k) {
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k - 1), values.end(), std::greater<>());
  return values[k - 1];
}

// The lower ends and the upper ends of v's entries (not ExactReal), or none if an entry is NaN.
template <class R>
auto entry_ends(const Vector<R>& v) {
  using End = std::decay_t<decltype(lower_end_of(std::declval<const R&>()))>;
  std::optional<std::pair<std::vector<End>, std::vector<End>>> ends(std::in_place);
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    ends->first.push_back(lower_end_of(v[i]));
    ends->second.push_back(upper_end_of(v[i]));
    using std::isnan;
    if (isnan(ends->first.back()) || isnan(ends->second.back())) return decltype(ends)();
  }
  return ends;
}

// The k-th largest entry of v, 1 <= k <= v.size(); NaN (unknown) if an entry is.
template <class R>
R kth_largest(const Vector<R>& v, std::size_t k) {
  if constexpr (is_exact_number_v<R>) {
    return R::unknown("the k-th largest of computed exact numbers");
  } else {
    auto ends = entry_ends(v);
    if (!ends) return not_a_number<R>();
    if constexpr (is_interval_v<R>)
      return between(kth_largest_of(std::move(ends->first), k), kth_largest_of(std::move(ends->second), k));
    else return kth_largest_of(std::move(ends->first), k);
  }
}

// The k-th largest entry of the exact vector `values` (1 <= k <= values.size()), in R: decided on
// the exact values, so ties count exactly and an interval type gets the enclosure of that entry.
template <class R>
R kth_largest(const ExactTensor& values, std::size_t k) {
  const std::vector<std::size_t> top = top_n(values, k).selected;
  // The smallest of the k largest (the first of equal ones: any of them is the same number),
  // compared as doubles where those are the exact values.
  const bool dyadic = values.all_dyadic();
  std::size_t at = top[0];
  for (const std::size_t i : top)
    if (dyadic ? values.approx(i) < values.approx(at) : values.exact(i) < values.exact(at)) at = i;
  return values.entry<R>(at);
}

}  // namespace nb
