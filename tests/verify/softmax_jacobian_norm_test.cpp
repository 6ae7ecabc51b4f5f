// The structured ||J||_2 of the softmax Jacobian against the general spectral norm, ties, and
// lengths beyond the general method's verified range.
#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/softmax.hpp"
#include "verify/softmax_jacobian_norm.hpp"
#include "verify/spectral_norm.hpp"

namespace nb {
namespace {

bool overlap(const Interval& a, const Interval& b) {
  return !(upper_end_of(a) < lower_end_of(b) || upper_end_of(b) < lower_end_of(a));
}

Mpfr width(const Interval& x) { return upper_end_of(x) - lower_end_of(x); }

struct Norms {
  Interval structured, general;
};

Norms norms(const ExactTensor& logits, const ExactTensor& temperature) {
  const Interval T = temperature.entry<Interval>(0);
  const Vector<Interval> alpha = softmax(logits.to_vector<Interval>(), T);
  return {softmax_jacobian_norm(alpha, T, logits), spectral_norm(softmax_jacobian(alpha, T))};
}

TEST(SoftmaxJacobianNorm, AgreesWithTheGeneralSpectralNorm) {
  set_working_precision(128);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    random::Rng rng(seed);
    const std::size_t L = random::uniform_index(rng, 2, 40);
    // Logits on a grid of 1/4 make repeated values (and repeated second-largest ones) common.
    std::vector<double> l(L);
    for (double& v : l) v = static_cast<double>(random::uniform_index(rng, 0, 8)) / 4;
    const Norms n = norms(ExactTensor::vector(l), ExactTensor::scalar(seed % 2 ? 1 : 0.25));
    EXPECT_TRUE(overlap(n.structured, n.general)) << "seed " << seed << ": " << n.structured << " vs " << n.general;
    EXPECT_LT(width(n.structured), Mpfr("1e-30")) << "seed " << seed << ": " << n.structured;
  }
}

TEST(SoftmaxJacobianNorm, TiedTopLogitsGiveTheTopWeight) {
  set_working_precision(128);
  // L = 2, l = (0, 0): J = [[1, -1], [-1, 1]] / 4, ||J||_2 = 1/2 (Corollary 3's counterexample).
  const Norms two = norms(ExactTensor::vector({0, 0}), ExactTensor::scalar(1));
  EXPECT_EQ(lower_end_of(two.structured), Mpfr(1) / 2);
  EXPECT_EQ(upper_end_of(two.structured), Mpfr(1) / 2);
  // Two tied top logits among others: lambda_max = d_1, the tied weight.
  const Norms three = norms(ExactTensor::vector({1, 3, 3, -2}), ExactTensor::scalar(1));
  EXPECT_TRUE(overlap(three.structured, three.general)) << three.structured << " vs " << three.general;
}

TEST(SoftmaxJacobianNorm, LongRowsGetANarrowEnclosure) {
  set_working_precision(128);
  random::Rng rng(7);
  const std::vector<double> l = random::gaussian(rng, 1024, 1.0);
  const Norms n = norms(ExactTensor::vector(l), ExactTensor::scalar(1));
  // The general method only gives a loose bound above 128 columns; the structured one is tight
  // and lies within it.
  EXPECT_TRUE(overlap(n.structured, n.general));
  EXPECT_LT(width(n.structured), Mpfr("1e-30")) << n.structured;
  EXPECT_GT(width(n.general), Mpfr("1e-6")) << n.general;
  // Point types approximate the same value.
  const Vector<double> alpha = softmax(ExactTensor::vector(l).to_vector<double>(), 1.0);
  const double approx = softmax_jacobian_norm(alpha, 1.0, ExactTensor::vector(l));
  EXPECT_NEAR(approx, midpoint_of(n.structured).convert_to<double>(), 1e-14);
}

TEST(SoftmaxJacobianNorm, SaturatedWeightsKeepRelativeAccuracy) {
  // T = 1/100: the top weight is 1 - e^-5000 - ..., lambda_max is about e^-5000 (1e-2172), far
  // below any absolute error of 256 bits. The general spectral norm at 16,384 bits (absolute
  // resolution about 1e-4932) is the independent reference.
  const ExactTensor logits = ExactTensor::vector({0, -50, -51, -60});
  set_working_precision(16384);
  const Interval reference = norms(logits, ExactTensor::literal("1/100")).general;
  set_working_precision(256);
  const Interval structured = norms(logits, ExactTensor::literal("1/100")).structured;
  EXPECT_GT(lower_end_of(structured), 0) << structured;
  EXPECT_LT(width(structured) / lower_end_of(structured), Mpfr("1e-60")) << structured;
  set_working_precision(16384);
  EXPECT_TRUE(overlap(structured, reference)) << structured << " vs " << reference;
}

TEST(SoftmaxJacobianNorm, OneTokenHasAZeroJacobian) {
  set_working_precision(128);
  const Norms n = norms(ExactTensor::vector({5}), ExactTensor::scalar(1));
  EXPECT_EQ(upper_end_of(n.structured), 0);
}

}  // namespace
}  // namespace nb
