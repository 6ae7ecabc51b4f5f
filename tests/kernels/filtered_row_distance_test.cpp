// The binary64 filter of ||u_i - sum_{j in S} w_j||_2 (verify/kernels/filtered_row_distance.hpp)
// against MPFI at 256 bits: on random rows at scales 2^-40 to 2^40, point rows and rows with
// radii, and rows whose difference cancels to a relative 2^-40 of the terms (where binary64's
// rounding is most of the distance, so a bound without its rounding terms fails), the filter's
// interval holds the 256-bit enclosure of the exact distance (at corners of the rows' boxes).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "verify/kernels/filtered_row_distance.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {
namespace {

// The distance at the points `u` and `w` (rows of K entries) in MPFI at the working precision.
Interval distance_in_mpfi(const std::vector<double>& u, const std::vector<std::vector<double>>& w) {
  Interval squares(0);
  for (std::size_t k = 0; k < u.size(); ++k) {
    Interval e(u[k]);
    for (const auto& row : w) e -= Interval(row[k]);
    squares += e * e;
  }
  return sqrt(squares);
}

TEST(FilteredRowDistance, HoldsTheExactDistanceAtEveryScaleAndUnderCancellation) {
  set_working_precision(256);
  std::mt19937_64 rng(2508);
  std::normal_distribution<double> g;
  std::uniform_int_distribution<int> scale_of(-40, 40), cols_of(1, 64), size_of(0, 12), shape_of(0, 2);
  std::size_t checked = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const std::size_t K = static_cast<std::size_t>(cols_of(rng)), n = static_cast<std::size_t>(size_of(rng));
    const double scale = std::ldexp(1.0, scale_of(rng));
    const int shape = shape_of(rng);  // 0 points, 1 rows with radii, 2 cancellation
    std::vector<std::vector<double>> mid(n + 1, std::vector<double>(K)), rad(n + 1, std::vector<double>(K, 0.0));
    for (auto& row : mid)
      for (double& x : row) x = scale * g(rng);
    if (shape == 1)
      for (std::size_t r = 0; r <= n; ++r)
        for (std::size_t k = 0; k < K; ++k) rad[r][k] = std::ldexp(std::abs(mid[r][k]), -40 + trial % 30);
    if (shape == 2)  // row 0 (u) is the sum of the others, moved by a relative 2^-40
      for (std::size_t k = 0; k < K; ++k) {
        double s = 0;
        for (std::size_t r = 1; r <= n; ++r) s += mid[r][k];
        mid[0][k] = s * (1 + std::ldexp(g(rng), -40));
      }
    BallRows u(K), w(K);
    std::vector<double> lo(K), hi(K);
    for (std::size_t r = 0; r <= n; ++r) {
      for (std::size_t k = 0; k < K; ++k) {
        lo[k] = mid[r][k] - rad[r][k];
        hi[k] = mid[r][k] + rad[r][k];
      }
      ASSERT_TRUE((r == 0 ? u : w).add_row(lo, hi));
    }
    std::vector<std::size_t> S;
    for (std::size_t j = 0; j < n; ++j) S.push_back(j);
    FilterScratch scratch;
    const std::optional<FilteredDistance> got = filtered_row_distance(u, 0, w, S, scratch);
    if (!got) continue;  // declined: an underflowing sum of squares
    // Corners of the boxes: every entry at its low end, at its high end, at alternating ends.
    for (int corner = 0; corner < 3; ++corner) {
      std::vector<double> at_u(K);
      std::vector<std::vector<double>> at_w(n, std::vector<double>(K));
      const auto end = [&](std::size_t r, std::size_t k) {
        const int side = corner == 2 ? static_cast<int>((r + k) % 2) : corner;
        return side ? mid[r][k] + rad[r][k] : mid[r][k] - rad[r][k];
      };
      for (std::size_t k = 0; k < K; ++k) {
        at_u[k] = end(0, k);
        for (std::size_t j = 0; j < n; ++j) at_w[j][k] = end(j + 1, k);
      }
      const Interval exact = distance_in_mpfi(at_u, at_w);
      EXPECT_LE(Mpfr(got->lower), lower_end_of(exact)) << "trial " << trial << " shape " << shape;
      EXPECT_GE(Mpfr(got->upper), upper_end_of(exact)) << "trial " << trial << " shape " << shape;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1500u);
}

TEST(FilteredRowDistance, DeclinesWhereSquaresUnderflowAndTakesNoInfiniteEnd) {
  BallRows u(2), w(2);
  ASSERT_TRUE(u.add_row(std::vector<double>{0x1p-500, 0}, std::vector<double>{0x1p-500, 0}));
  ASSERT_TRUE(w.add_row(std::vector<double>{0, 0}, std::vector<double>{0, 0}));
  FilterScratch scratch;
  const std::vector<std::size_t> S{0};
  EXPECT_FALSE(filtered_row_distance(u, 0, w, S, scratch)) << "(2^-500)^2 underflows";
  EXPECT_EQ(filtered_row_distance(u, 0, w, S, scratch, true)->lower, 0x1p-500) << "the point value needs no bound";
  EXPECT_FALSE(w.add_row(std::vector<double>{0, -INFINITY}, std::vector<double>{0, 0}));
  EXPECT_EQ(w.rows(), 1u);
}

}  // namespace
}  // namespace nb
