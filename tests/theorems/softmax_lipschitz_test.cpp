// softmax-lipschitz: the swap example's ratio against its closed form, both terms of the bound
// approached closely enough that a bound weakened by 2^-20 is caught, and input errors.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace softmax_lipschitz_test {

using namespace witness;

const std::string kId = "softmax-lipschitz";

Case pair_case(std::vector<double> l1, std::vector<double> l2, const std::string& T) {
  Case c;
  c.label = "pair";
  c.numbers["logits1"] = ExactTensor::vector(std::move(l1));
  c.numbers["logits2"] = ExactTensor::vector(std::move(l2));
  c.numbers["T"] = ExactTensor::literal(T);
  return c;
}

// l1 = (c + eps, c), l2 = (c - eps, c + eps).
Case swap_case(double c, double eps, const std::string& T) { return pair_case({c + eps, c}, {c - eps, c + eps}, T); }

TEST(SoftmaxLipschitz, SwapExampleRatioMatchesItsClosedForm) {
  // L = 2: alpha_1 = sigma(eps/T) before and sigma(-2 eps/T) after, so
  // ||Delta alpha|| / (eps/T) = sqrt 2 (sigma(eps/T) - sigma(-2 eps/T)) T / eps -> 3 sqrt(2) / 4.
  for (const double eps : {std::ldexp(1.0, -10), 0.5, 4.0}) {
    const Case c = swap_case(3, eps, "1/4");
    set_working_precision(256);
    const Mpfr x = point_of<Mpfr>(eps) * 4;  // eps / T
    auto sigma = [](const Mpfr& t) { return Mpfr(1 / (1 + exp(-t))); };
    const Mpfr expected = sqrt(Mpfr(2)) * (sigma(x) - sigma(Mpfr(-2 * x)));  // ||Delta alpha||, the ratio times eps/T
    set_working_precision(128);
    const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
    const Interval moved = quantity(s, "||Delta alpha||_2");
    EXPECT_TRUE(contains(moved, expected)) << moved << " vs " << expected;
    // Small steps keep a ratio 3 sqrt(2)/4 against sqrt(5)/2 (slack 5%); eps/T = 16 nearly swaps
    // two vertices, within e^-16 of the sqrt 2 cap.
    EXPECT_EQ(check(kId, c).verdict, eps < 1 ? Verdict::Proven : Verdict::NearTight) << eps;
  }
  set_working_precision(128);
  const Interval small = quantity(theorems::find(kId)->evaluate_interval(swap_case(0, std::ldexp(1.0, -30), "1"), EvalContext{}),
                                           "||Delta alpha||_2");
  EXPECT_NEAR(std::ldexp(Mpfr(midpoint_of(small)).convert_to<double>(), 30), 3 * std::sqrt(2.0) / 4, 1e-8);
}

TEST(SoftmaxLipschitz, LipschitzTermIsApproachedAtTiesAlongAnEdge) {
  const double d = std::ldexp(1.0, -16);
  const Case c = pair_case({0, 0}, {d, -d}, "1");
  EXPECT_EQ(check(kId, c).verdict, Verdict::NearTight);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxLipschitz, Sqrt2CapIsApproachedBetweenTwoVertices) {
  const Case c = pair_case({64, 0}, {0, 64}, "1");
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxLipschitz, MalformedPairsAreInputErrors) {
  EXPECT_THROW(check_or_refusal(kId, pair_case({0, 1}, {0, 1, 2}, "1")), InputError);
  EXPECT_THROW(check_or_refusal(kId, pair_case({0, 1}, {1, 0}, "0")), InputError);
  Case c = swap_case(1, 0.25, "1");
  c.numbers["epsilon"] = ExactTensor::scalar(0.125);
  EXPECT_THROW(check_or_refusal(kId, c), InputError) << "epsilon must be the swap example's";
}

}  // namespace softmax_lipschitz_test
}  // namespace nb
