// The binary64 Gram matrix encloses the exact inner products; the R one shrinks with precision.
#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/gram_matrix.hpp"

namespace nb {
namespace {

TEST(GramMatrix, Binary64EnclosuresContainTheExactInnerProducts) {
  set_working_precision(512);  // 512 bits hold these dot products exactly
  random::Rng rng(3);
  const std::size_t L = 6, d = 40;
  const ExactTensor X(L, d, random::gaussian(rng, L * d, 1e3));
  const Matrix<Interval> fast = binary64_gram_matrix<Interval>(X), exact = gram_matrix<Interval>(X);
  for (Eigen::Index i = 0; i < 6; ++i)
    for (Eigen::Index j = 0; j < 6; ++j) {
      EXPECT_TRUE(mpfi_is_inside(exact(i, j).backend().data(), fast(i, j).backend().data()))
          << i << "," << j << ": " << exact(i, j) << " not in " << fast(i, j);
    }
  // Computed in R the enclosures are far narrower than binary64's.
  Mpfr w_fast, w_exact;
  mpfi_diam_abs(w_fast.backend().data(), fast(0, 1).backend().data());
  mpfi_diam_abs(w_exact.backend().data(), exact(0, 1).backend().data());
  EXPECT_LT(w_exact, w_fast * Mpfr(1e-30));
}

// The rows and diagonal that Theorem 2 reads are those of the whole matrix, in R and in binary64.
TEST(GramMatrix, RowsAndDiagonalAreThoseOfTheWholeMatrix) {
  set_working_precision(512);
  random::Rng rng(5);
  const std::size_t L = 7, d = 9;
  const ExactTensor X(L, d, random::gaussian(rng, L * d, 1.0));
  const std::vector<std::size_t> indices = {4, 0, 6};
  const auto same = [](const Interval& a, const Interval& b) {
    return mpfi_is_inside(a.backend().data(), b.backend().data()) && mpfi_is_inside(b.backend().data(), a.backend().data());
  };
  const Matrix<Interval> whole = gram_matrix<Interval>(X), whole_fast = binary64_gram_matrix<Interval>(X);
  const GramRows<Interval> rows = gram_rows<Interval>(X, indices), rows_fast = binary64_gram_rows<Interval>(X, indices);
  ASSERT_EQ(rows.rows.rows(), 3);
  ASSERT_EQ(rows_fast.rows.rows(), 3);
  ASSERT_EQ(rows.diagonal.size(), 7);
  ASSERT_EQ(rows_fast.diagonal.size(), 7);
  for (std::size_t p = 0; p < indices.size(); ++p)
    for (Eigen::Index m = 0; m < 7; ++m) {
      const auto P = static_cast<Eigen::Index>(p), i = static_cast<Eigen::Index>(indices[p]);
      EXPECT_TRUE(same(rows.rows(P, m), whole(i, m))) << p << "," << m;
      EXPECT_TRUE(same(rows_fast.rows(P, m), whole_fast(i, m))) << p << "," << m;
    }
  for (Eigen::Index m = 0; m < 7; ++m) {
    EXPECT_TRUE(same(rows.diagonal[m], whole(m, m))) << m;
    EXPECT_TRUE(same(rows_fast.diagonal[m], whole_fast(m, m))) << m;
  }
}

TEST(GramMatrix, LiteralEntriesFallBackToR) {
  set_working_precision(128);
  nlohmann::json j = {{"shape", {2u, 1u}}, {"values", {"0.1", "3"}}};
  const ExactTensor X = ExactTensor::from_json(j, "x");
  const Matrix<Interval> G = binary64_gram_matrix<Interval>(X);
  Mpfr w;
  mpfi_diam_abs(w.backend().data(), G(0, 1).backend().data());
  EXPECT_LT(w, Mpfr(1e-30));  // 0.3 enclosed at 128 bits, not at binary64's 2^-50
}

}  // namespace
}  // namespace nb
