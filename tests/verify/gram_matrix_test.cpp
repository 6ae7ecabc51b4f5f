// The binary64 Gram matrix encloses the exact inner products; the R one shrinks with precision.
#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/gram_matrix.hpp"

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
