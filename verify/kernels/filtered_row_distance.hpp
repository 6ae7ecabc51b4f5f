#pragma once
// ||u - sum_{j in S} w_j||_2 for rows u, w_j known as enclosures, in plain binary64 with a
// rigorous bound on its error (a filter, as CGAL's filtered predicates: a cheap computation whose
// error is bounded, and the certified one only where the bound is too wide or does not apply).
// A sampled expectation draws this distance tens of thousands of times on the same rows
// (Theorem 1's (L - N) ||y_i - s_I||), so the rows are turned once into binary64 midpoints m and
// radii r (every point of an entry's enclosure within r of m), with per row R = sum_k r_k and
// M = sum_k |m_k| rounded up; a draw then costs N K additions and K multiplications.
//
// The bound. With n = |S| terms, K columns and u = 2^-53 (Higham's gamma_n = n u / (1 - n u)):
//   the exact rows differ from the midpoints' by at most R_u + sum_{j in S} R_j in the 1-norm;
//   recursive summation and the difference give e^ with |e^_k - (m_uk - sum_j m_jk)| <=
//   gamma_n (|m_uk| + sum_j |m_jk|);
//   the norm n^ = fl(sqrt(fl(sum_k e^_k^2))) is within gamma_{2K+4} n^ of ||e^||_2 while no square
//   underflows (sum_k e^_k^2 >= 2^-900 is required: below, or at an infinite or NaN value, the
//   filter declines and the caller evaluates the draw otherwise);
// and ||.||_2 <= ||.||_1, so the exact distance lies within
//   E = R_u + sum_j R_j + gamma_n (M_u + sum_j M_j) + gamma_{2K+4} n^
// of n^. E is computed in binary64 and multiplied by 1 + 4 (n + 8) u (the rounding of its own
// n + 8 operations), and the ends n^ -+ E are rounded outward. The gammas depend on n and K only
// and are kept from one draw to the next (FilterScratch); the outward steps are DoubleInterval's
// inline neighbours, the same numbers as std::nextafter's.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "verify/numbers/double_interval.hpp"

namespace nb {

namespace filtered_detail {
inline constexpr double kUnit = 0x1p-53;
// An upper bound of gamma_n = n u / (1 - n u), for n u < 1/2.
inline double gamma_up(double n) { return DoubleInterval::up(n * kUnit / (1 - n * kUnit) * (1 + 0x1p-40)); }
// An upper bound of the exact sum of n >= 0 nonnegative binary64 numbers whose recursive sum is s.
inline double sum_up(double s, double n) { return DoubleInterval::up(s * (1 + 4 * (n + 1) * kUnit)); }
}  // namespace filtered_detail

// Rows of enclosures as binary64 midpoints and radii, with each row's sums R and M (above).
class BallRows {
 public:
  BallRows() = default;
  explicit BallRows(std::size_t cols) : cols_(cols) {}

  // Appends a row from the ends lo[k] <= hi[k] of its entries' enclosures (binary64, already
  // rounded outward). Returns false, and adds nothing, where an end is not finite.
  bool add_row(std::span<const double> lo, std::span<const double> hi) {
    using filtered_detail::sum_up;
    double radii = 0, sizes = 0;
    for (std::size_t k = 0; k < cols_; ++k)
      if (!std::isfinite(lo[k]) || !std::isfinite(hi[k])) return false;
    for (std::size_t k = 0; k < cols_; ++k) {
      const double m = lo[k] / 2 + hi[k] / 2;  // inside [lo, hi]; the halves exact unless subnormal
      // Each difference rounded to nearest, then up by one step: at least the exact distance.
      const double r = DoubleInterval::up(std::max(hi[k] - m, m - lo[k]));
      mid_.push_back(m);
      radii += r;
      sizes += std::abs(m);
    }
    radius_sum_.push_back(sum_up(radii, static_cast<double>(cols_)));
    size_sum_.push_back(sum_up(sizes, static_cast<double>(cols_)));
    return true;
  }

  std::size_t rows() const { return radius_sum_.size(); }
  std::size_t cols() const { return cols_; }
  const double* row(std::size_t j) const { return mid_.data() + j * cols_; }
  double radius_sum(std::size_t j) const { return radius_sum_[j]; }
  double size_sum(std::size_t j) const { return size_sum_[j]; }

 private:
  std::size_t cols_ = 0;
  std::vector<double> mid_;  // row-major
  std::vector<double> radius_sum_, size_sum_;
};

// The ends of an interval holding ||u_i - sum_{j in S} w_j||_2 for every point of the rows'
// enclosures (u row i of `u`, w_j row j of `w`, both of the same columns), or none where the
// filter declines. `scratch` is kept between calls. With `point`, the plain binary64 value
// (both ends), for the screening tiers.
struct FilteredDistance {
  double lower = 0, upper = 0;
};
// The gammas of the last |S| and K seen (none yet: SIZE_MAX).
struct FilterScratch {
  std::size_t set_size = SIZE_MAX, cols = SIZE_MAX;
  double set_gamma = 0, norm_gamma = 0;
};
inline std::optional<FilteredDistance> filtered_row_distance(const BallRows& u, std::size_t i, const BallRows& w,
                                                             std::span<const std::size_t> S, FilterScratch& scratch,
                                                             bool point = false) {
  using filtered_detail::gamma_up;
  using filtered_detail::kUnit;
  const std::size_t K = w.cols();
  double radii = u.radius_sum(i), sizes = u.size_sum(i);
  for (const std::size_t j : S) {
    radii += w.radius_sum(j);
    sizes += w.size_sum(j);
  }
  // Column by column, each column's sum in the order of S (the sum kept in a register, not an
  // array stored and loaded once per row of S).
  const double* ui = u.row(i);
  double squares = 0;
  for (std::size_t k = 0; k < K; ++k) {
    double sum_k = 0;
    for (const std::size_t j : S) sum_k += w.row(j)[k];
    const double e = ui[k] - sum_k;
    squares += e * e;
  }
  const double norm = std::sqrt(squares);
  if (point) return FilteredDistance{norm, norm};
  if (!std::isfinite(squares) || squares < 0x1p-900) return std::nullopt;
  const double n = static_cast<double>(S.size());
  if (scratch.set_size != S.size() || scratch.cols != K) {
    scratch.set_size = S.size();
    scratch.cols = K;
    scratch.set_gamma = gamma_up(n);
    scratch.norm_gamma = gamma_up(2 * static_cast<double>(K) + 4);
  }
  const double error = (radii + scratch.set_gamma * sizes + scratch.norm_gamma * norm) * (1 + 4 * (n + 8) * kUnit);
  if (!std::isfinite(error)) return std::nullopt;
  const double margin = DoubleInterval::up(error);
  return FilteredDistance{std::max(0.0, DoubleInterval::down(norm - margin)), DoubleInterval::up(norm + margin)};
}

}  // namespace nb
