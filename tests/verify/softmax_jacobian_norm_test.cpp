// The structured ||J||_2 of the softmax Jacobian against the general spectral norm, ties, and
// lengths beyond the general method's verified range.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"
#include "verify/kernels/spectral_norm.hpp"

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

// ||J||_2 T of softmax(l / T) in the number type R.
template <class R>
R structured_norm(const ExactTensor& logits, double temperature) {
  const R T = point_of<R>(temperature);
  return softmax_jacobian_norm(softmax(logits.to_vector<R>(), T), T, logits);
}

// The binary64 tier (secular_root_bracket, or the bisection where it gives up) contains the
// 256-bit MPFI enclosure, on ordinary rows, near ties of the top two logits (d_1 - d_2 tiny),
// ties in second place and saturated rows, and stays narrow on the ordinary ones.
TEST(SoftmaxJacobianNorm, Binary64EnclosureContainsTheMpfiOne) {
  const std::uint64_t seed = 20261203;
  std::cout << "seed " << seed << "\n";
  random::Rng rng(seed);
  const double spreads[] = {0.01, 1, 8, 60};
  const double temperatures[] = {1, 8, 0.05};
  double worst_relative_width = 0;
  for (int trial = 0; trial < 160; ++trial) {
    const std::size_t L = random::log_uniform_size(rng, 3, 400);
    std::vector<double> l = random::gaussian(rng, L, spreads[trial % 4]);
    const std::size_t top = static_cast<std::size_t>(std::max_element(l.begin(), l.end()) - l.begin());
    const std::size_t other = (top + 1) % L;
    if (trial % 5 == 1) l[other] = l[top] - std::ldexp(1.0, -static_cast<int>(random::uniform_index(rng, 1, 50)));
    if (trial % 5 == 2) l[(top + 2) % L] = l[other] = l[top] - 1;
    const double T = temperatures[trial % 3];
    const ExactTensor logits = ExactTensor::vector(l);
    const DoubleInterval fast = structured_norm<DoubleInterval>(logits, T);
    set_working_precision(256);
    const Interval reference = structured_norm<Interval>(logits, T);
    const std::string input = "trial " + std::to_string(trial) + " L=" + std::to_string(L) + " T=" + std::to_string(T);
    if (fast.is_nan()) continue;  // unknown is sound (e.g. weights underflow in binary64)
    ASSERT_TRUE(is_finite_value(reference)) << input;
    ASSERT_LE(mpfr_rounded_down(fast.lower()), lower_end_of(reference)) << input << ": " << fast.lower() << " vs " << reference;
    ASSERT_GE(mpfr_rounded_up(fast.upper()), upper_end_of(reference)) << input << ": " << fast.upper() << " vs " << reference;
    if (trial % 5 != 1 && trial % 3 != 2 && trial % 4 != 3)  // neither near ties nor saturated
      worst_relative_width = std::max(worst_relative_width, (fast.upper() - fast.lower()) / fast.lower());
  }
  std::cout << "worst relative width on ordinary rows: " << worst_relative_width << "\n";
  EXPECT_LT(worst_relative_width, 1e-11);
}

TEST(SoftmaxJacobianNorm, OneTokenHasAZeroJacobian) {
  set_working_precision(128);
  const Norms n = norms(ExactTensor::vector({5}), ExactTensor::scalar(1));
  EXPECT_EQ(upper_end_of(n.structured), 0);
}

}  // namespace
}  // namespace nb
