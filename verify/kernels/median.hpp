#pragma once
// The median of a sample of doubles (reports, looseness, benchmarks describe runs by it).
#include <algorithm>
#include <vector>

namespace nb {

// The middle value of `sorted` (ascending, not empty), the mean of the two middle ones for an
// even count.
inline double median_of_sorted(const std::vector<double>& sorted) {
  const std::size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

// The median of `values` (not empty).
inline double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return median_of_sorted(values);
}

}  // namespace nb
