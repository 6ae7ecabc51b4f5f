// softmax-jacobian-infinity-to-one: ||J||_{inf->1} = 1/T at two equal logits (and at paired
// logits), 2 (1 - ||alpha||^2)/T at L = 2; an odd number of tied logits leaves room; weakened
// bounds are caught where they are attained.
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace softmax_jacobian_infinity_to_one_test {

using namespace witness;
const std::string kId = "softmax-jacobian-infinity-to-one";

TEST(SoftmaxJacobianInfinityToOne, TwoEqualLogitsAttainOneOverT) {
  // T J = [[1/4, -1/4], [-1/4, 1/4]]: s = t = (1, -1) gives s^T J t = 1/T = 1/2 at T = 2.
  const Case c = logits_case(kId, {0, 0}, "2");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "||J||_{inf->1}"), Mpfr(1) / 2));
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianInfinityToOne, PairedLogitsAttainOneOverT) {
  // Each of two values twice: s = (1, -1, 1, -1) balances the weights exactly.
  const Case c = logits_case(kId, {0.5, 0.5, -1, -1}, "1");
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianInfinityToOne, TwoUnequalLogitsAttainTheEntrySum) {
  // L = 2: J has rank one and ||J||_{inf->1} = sum_ij |J_ij| = 4 a_1 a_2 / T.
  const Case c = logits_case(kId, {1, 0}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  const Mpfr e = exp(Mpfr(1));
  EXPECT_TRUE(contains(quantity(s, "||J||_{inf->1}"), 4 * e / ((e + 1) * (e + 1))));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianInfinityToOne, ThreeTiedLogitsLeaveRoom) {
  // alpha = 1/3 each: min_s |s^T alpha| = 1/3, so ||J||_{inf->1} = (1 - 1/9)/T = 8/9 < 1 and < 4/3.
  const Case c = logits_case(kId, {0, 0, 0}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "||J||_{inf->1}"), Mpfr(8) / 9));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

TEST(SoftmaxJacobianInfinityToOne, TooManyLogitsAreRefused) {
  EXPECT_THROW(theorems::find(kId)->check_assumptions(logits_case(kId, std::vector<double>(17, 0.0), "1")),
               InputError);
}

}  // namespace softmax_jacobian_infinity_to_one_test
}  // namespace nb
