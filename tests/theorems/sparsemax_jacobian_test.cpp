// sparsemax-jacobian: a step along the support's zero-sum directions moves sparsemax by exactly
// eps v (both claims attained, a weakened bound caught); a step that changes the support, and a
// single-token support (J = 0), leave room.
#include <gtest/gtest.h>

#include "tests/theorems/literal_vector.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace sparsemax_jacobian_test {

using namespace witness;
const std::string kId = "sparsemax-jacobian";

Case sparsemax_case(const std::vector<std::string>& z, const std::vector<std::string>& v, const std::string& eps) {
  Case c;
  c.theorem = kId;
  c.label = "witness";
  c.numbers["logits"] = literal_vector(z);
  c.numbers["direction"] = literal_vector(v);
  c.numbers["epsilon"] = ExactTensor::literal(eps);
  return c;
}

TEST(SparsemaxJacobian, TangentStepAttainsBothBounds) {
  // z = (1, 0.9, 0.2, -1): 1 + 3 (0.2) = 1.6 < 2.1 = 1 + 0.9 + 0.2, so S = {1, 2}, tau = 0.45 and
  // p = (0.55, 0.45, 0, 0). v = e_1 - e_2, eps = 1/10: p moves to (0.65, 0.35, 0, 0), by eps v.
  const Case c = sparsemax_case({"1", "0.9", "0.2", "-1"}, {"1", "-1", "0", "0"}, "1/10");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "|S|"), Mpfr(2)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SparsemaxJacobian, StepThatLeavesTheSimplexFaceHasRoom) {
  // z = (0, 0), v = (1, -1), eps = 2: sparsemax jumps to the vertex (1, 0), a move of squared
  // norm 1/2 against eps^2 ||v||^2 = 8 (1/16 of it would be attained, 1/32 is not a bound).
  const Case c = sparsemax_case({"0", "0"}, {"1", "-1"}, "2");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims.at(1).value, Mpfr(1) / 2));
  EXPECT_EQ(with_scaled_bound(kId, c, 1, Interval(1) / 8), Verdict::Proven);
  EXPECT_EQ(with_scaled_bound(kId, c, 1, Interval(1) / 32), Verdict::Violated);
}

TEST(SparsemaxJacobian, SingleTokenSupportHasAZeroJacobian) {
  const Case c = sparsemax_case({"5", "0", "1/3"}, {"1", "2", "3"}, "1/1000");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims.at(0).value, Mpfr(0)));
  EXPECT_TRUE(contains(s.claims.at(1).value, Mpfr(0)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

}  // namespace sparsemax_jacobian_test
}  // namespace nb
