#pragma once
// The entries of an exact vector grouped by value: the classes of equal entries, each with one
// representative and its multiplicity. Values are compared exactly (binary64 values as doubles,
// other literals as rationals), so entries in one class are exact ties.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/rational.hpp"

namespace nb {

struct DistinctEntries {
  std::vector<std::size_t> class_of;  // the class of entry i
  std::vector<std::size_t> first;     // the first entry of each class (in the order of the vector)
  std::vector<std::size_t> count;     // the multiplicity of each class
};

// The classes of a vector of binary64 values with at most kFewClasses distinct ones, found in one
// pass that compares each entry with the values seen so far (the sweeps' two-level logits: O(L),
// not a sort of L entries in every tier of every case); none where there are more.
inline constexpr std::size_t kFewClasses = 8;
inline std::optional<DistinctEntries> few_distinct_entries(const ExactTensor& v) {
  DistinctEntries d;
  double seen[kFewClasses];
  d.class_of.resize(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double x = v.approx(i);
    std::size_t k = 0;
    while (k < d.first.size() && !(seen[k] == x)) ++k;
    if (k == d.first.size()) {
      if (k == kFewClasses) return std::nullopt;
      seen[k] = x;
      d.first.push_back(i);
      d.count.push_back(0);
    }
    d.class_of[i] = k;
    ++d.count[k];
  }
  return d;
}

// The classes of equal entries of `v` (a vector), in the order of their first entries.
inline DistinctEntries distinct_entries(const ExactTensor& v) {
  if (v.all_dyadic())
    if (std::optional<DistinctEntries> few = few_distinct_entries(v)) return std::move(*few);
  const std::size_t n = v.size();
  // The entries in order of value, equal ones by index (so a class's first entry comes first).
  std::vector<std::size_t> order(n);
  std::vector<bool> after_equal(n, false);  // order[k] equals order[k - 1]
  if (v.all_dyadic()) {
    std::vector<std::pair<double, std::size_t>> sorted(n);
    for (std::size_t i = 0; i < n; ++i) sorted[i] = {v.approx(i), i};
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < n; ++k) {
      order[k] = sorted[k].second;
      after_equal[k] = k > 0 && sorted[k - 1].first == sorted[k].first;
    }
  } else {
    std::vector<Rational> exact;
    for (std::size_t i = 0; i < n; ++i) exact.push_back(v.exact(i));
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return exact[i] < exact[j]; });
    for (std::size_t k = 1; k < n; ++k) after_equal[k] = exact[order[k - 1]] == exact[order[k]];
  }
  // Classes numbered in the order of their first entries.
  std::vector<std::size_t> first_of(n);  // the first entry of order[k]'s class
  for (std::size_t k = 0; k < n; ++k) first_of[order[k]] = after_equal[k] ? first_of[order[k - 1]] : order[k];
  DistinctEntries d;
  d.class_of.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (first_of[i] == i) {
      d.class_of[i] = d.first.size();
      d.first.push_back(i);
      d.count.push_back(0);
    } else {
      d.class_of[i] = d.class_of[first_of[i]];
    }
    ++d.count[d.class_of[i]];
  }
  return d;
}

}  // namespace nb
