#pragma once
// The entries of an exact vector grouped by value: the classes of equal entries, each with one
// representative and its multiplicity. Values are compared exactly (binary64 values as doubles,
// other literals as rationals), so entries in one class are exact ties.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/rational.hpp"

namespace nb {

struct DistinctEntries {
  std::vector<std::size_t> class_of;  // the class of entry i
  std::vector<std::size_t> first;     // the first entry of each class (in the order of the vector)
  std::vector<std::size_t> count;     // the multiplicity of each class
};

// The classes of equal entries of `v` (a vector), in the order of their first entries.
inline DistinctEntries distinct_entries(const ExactTensor& v) {
  const std::size_t n = v.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::vector<Rational> exact;
  if (!v.all_dyadic())
    for (std::size_t i = 0; i < n; ++i) exact.push_back(v.exact(i));
  const auto less = [&](std::size_t i, std::size_t j) { return exact.empty() ? v.approx(i) < v.approx(j) : exact[i] < exact[j]; };
  std::stable_sort(order.begin(), order.end(), less);  // equal entries by index: the first is a class's first
  std::vector<std::size_t> group_of(n);
  std::size_t groups = 0;
  for (std::size_t k = 0; k < n; ++k) group_of[order[k]] = k > 0 && !less(order[k - 1], order[k]) ? groups - 1 : groups++;
  // Renumbered in the order of the first entries.
  DistinctEntries d;
  d.class_of.resize(n);
  std::vector<std::size_t> renamed(groups, groups);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t& c = renamed[group_of[i]];
    if (c == groups) {
      c = d.first.size();
      d.first.push_back(i);
      d.count.push_back(0);
    }
    d.class_of[i] = c;
    ++d.count[c];
  }
  return d;
}

}  // namespace nb
