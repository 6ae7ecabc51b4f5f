#pragma once
// Sums of rows of a matrix (tokens, weighted tokens) for every number type, with a fast path for
// the binary64 interval tier.
#include <cmath>
#include <cstddef>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

#include "verify/kernels/dot_product.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// sum_{i in rows} m_i, the rows of m listed in `rows` (the empty sum is exactly 0). For
// DoubleInterval, when some entry of those rows is not a point: per column, the lower ends and the
// upper ends summed in two binary64 recurrences, each enclosed by point_dot_enclosure's bound (a
// sum is a dot product with ones), instead of an interval sum (two TwoSums, each end checked) per
// entry; the columns are contiguous, so the recurrences of neighbouring columns run side by side.
// When every entry is a point it is interval sums, whose exact sums stay points; also when a
// recurrence overflows or meets NaN.
template <class R>
RowVector<R> sum_of_rows(const RowMatrix<R>& m, const std::vector<std::size_t>& rows) {
  const Eigen::Index d = m.cols();
  if constexpr (std::is_same_v<R, DoubleInterval>) {
    std::vector<double> s_lo(d, 0), a_lo(d, 0), s_hi(d, 0), a_hi(d, 0);
    bool points = true;
    for (std::size_t i : rows) {
      const DoubleInterval* row = m.data() + static_cast<Eigen::Index>(i) * d;
      for (Eigen::Index k = 0; k < d; ++k) {
        const double lo = row[k].lower(), hi = row[k].upper();
        points = points && lo == hi;
        s_lo[k] += lo;
        a_lo[k] += std::abs(lo);
        a_lo[k] += std::abs(s_lo[k]);
        s_hi[k] += hi;
        a_hi[k] += std::abs(hi);
        a_hi[k] += std::abs(s_hi[k]);
      }
    }
    // One end's enclosure; an end whose every term is 0 (a = 0) sums to exactly 0.
    const auto end = [&](double s, double a) -> std::optional<DoubleInterval> {
      if (a == 0) return DoubleInterval(0.0);
      return point_dot_enclosure(s, a, rows.size());
    };
    if (!points) {
      RowVector<R> sum(d);
      bool enclosed = true;
      for (Eigen::Index k = 0; k < d && enclosed; ++k) {
        const std::optional<DoubleInterval> lo = end(s_lo[k], a_lo[k]), hi = end(s_hi[k], a_hi[k]);
        enclosed = lo && hi;
        if (enclosed) sum[k] = DoubleInterval::from_ends(lo->lower(), hi->upper());
      }
      if (enclosed) return sum;
    }
  }
  RowVector<R> sum = RowVector<R>::Zero(d);
  for (std::size_t i : rows) sum += m.row(static_cast<Eigen::Index>(i));
  return sum;
}

// sum_i m_i over every row of m (sum_of_rows).
template <class R>
RowVector<R> sum_of_all_rows(const RowMatrix<R>& m) {
  std::vector<std::size_t> all(static_cast<std::size_t>(m.rows()));
  std::iota(all.begin(), all.end(), std::size_t{0});
  return sum_of_rows(m, all);
}

}  // namespace nb
