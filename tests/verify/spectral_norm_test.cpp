// The certified spectral norm must enclose ||A||_2 for non-symmetric, rank-deficient and
// repeated-singular-value matrices; references come from the MPFR estimate at 512 bits.
#include <iostream>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/spectral_norm.hpp"

namespace nb {
namespace {

Matrix<Interval> as_intervals(const Matrix<double>& A) {
  return A.unaryExpr([](double x) { return point_of<Interval>(x); });
}

TEST(SpectralNorm, EnclosesKnownNorms) {
  set_working_precision(128);
  // diag(3, -5, 1): norm 5. Rotation-like non-symmetric [[0, 2], [0, 0]]: norm 2. Identity: 1.
  Matrix<double> D = Matrix<double>::Zero(3, 3);
  D.diagonal() << 3, -5, 1;
  Matrix<double> N(2, 2);
  N << 0, 2, 0, 0;
  const std::vector<std::pair<Matrix<double>, int>> known = {
      {D, 5}, {N, 2}, {Matrix<double>::Identity(6, 6), 1}, {Matrix<double>::Ones(4, 4), 4}};
  for (const auto& [A, norm] : known) {
    const Interval s = spectral_norm(as_intervals(A));
    EXPECT_TRUE(lower_end_of(s) <= norm && norm <= upper_end_of(s)) << A << "\n-> " << s;
    EXPECT_LT(upper_end_of(s) - lower_end_of(s), ldexp(Mpfr(norm), -100)) << "enclosure should be tight";
  }
  EXPECT_EQ(upper_end_of(spectral_norm(Matrix<Interval>(Matrix<Interval>::Zero(3, 3)))), 0);
}

TEST(SpectralNorm, RandomNonSymmetricMatricesAgainstHighPrecisionReference) {
  const std::uint64_t seed = 99;
  std::cout << "seed " << seed << "\n";
  random::Rng rng(seed);
  for (int k = 0; k < 20; ++k) {
    const Eigen::Index n = static_cast<Eigen::Index>(random::uniform_index(rng, 1, 12));
    const Eigen::Index m = static_cast<Eigen::Index>(random::uniform_index(rng, 1, 12));
    const std::vector<double> v = random::gaussian(rng, static_cast<std::size_t>(n * m), 1.0);
    const Matrix<double> A = Eigen::Map<const Matrix<double>>(v.data(), n, m);
    set_working_precision(512);
    const Mpfr reference = spectral_norm(Matrix<Mpfr>(A.unaryExpr([](double x) { return point_of<Mpfr>(x); })));
    set_working_precision(128);
    const Interval s = spectral_norm(as_intervals(A));
    set_working_precision(512);
    EXPECT_TRUE(lower_end_of(s) <= reference + ldexp(reference, -400) && reference - ldexp(reference, -400) <= upper_end_of(s))
        << "case " << k << " (" << n << "x" << m << "): " << s << " vs " << reference;
    EXPECT_LT((upper_end_of(s) - lower_end_of(s)) / reference, ldexp(Mpfr(1), -100)) << "case " << k;
  }
}

TEST(SpectralNorm, IntervalWidthIsCoveredForTheWholeBox) {
  set_working_precision(128);
  // A box around [[1, 0], [0, 1]] of radius 1/4: norms in [3/4, 5/4 + ...]; the enclosure must
  // contain the norm of every member, e.g. of [[5/4, 0], [0, 1]] (norm 5/4).
  Matrix<Interval> A(2, 2);
  Interval r;
  mpfi_interv_d(r.backend().data(), -0.25, 0.25);
  A << Interval(1) + r, r, r, Interval(1) + r;
  const Interval s = spectral_norm(A);
  EXPECT_GE(upper_end_of(s), Mpfr("1.25"));
  EXPECT_LE(lower_end_of(s), Mpfr("0.75"));
}

TEST(SpectralNorm, NanEntriesGiveNanEnclosures) {
  set_working_precision(128);
  Matrix<Interval> A = Matrix<Interval>::Identity(2, 2);
  A(0, 1) = not_a_number<Interval>();
  EXPECT_FALSE(is_finite_value(spectral_norm(A)));
}

TEST(SpectralNorm, LargeMatricesGetASoundButLooserEnclosure) {
  set_working_precision(64);
  const Eigen::Index n = kVerifiedSpectralMaxDimension + 1;
  const Interval s = spectral_norm(as_intervals(Matrix<double>::Identity(n, n) * 2));
  EXPECT_TRUE(lower_end_of(s) <= 2 && 2 <= upper_end_of(s)) << s;
}

}  // namespace
}  // namespace nb
