// N_s of Theorem 2 as eq. (10) defines it: the selected tokens inside B_r(s), times the indicator
// that no token left out is inside. With an explicit r = 10 every token of this three-token case
// is inside, so N_s = 0 (it was reported as 2). And the paper's r = min_{i not in I_N}
// ||s - alpha_i x_i|| is exactly 0 on a top tie with identical vectors: the statement is then
// evaluated, decided exactly (it once ended INCONCLUSIVE).
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace separability_eq10_test {

using namespace witness;

// alpha = 1/3 each, I_N = {0, 1}, s = (1/3, 1/3): ||s - y_0|| = ||s - y_1|| = 1/3 and, for the
// token left out, ||s - y_2|| = ||(1/3 - x_2[0]/3, 1/3)||: sqrt(5)/3 for x_2 = (-1, 0), sqrt(17)/3
// for x_2 = (-3, 0). The issue's case file is the first with r = 10.
Case issue_case() {
  return read_case_file(std::string(NORMBOUND_SOURCE_DIR) + "/tests/cli/data/exact-inputs/separability-explicit-radius.json");
}

Case three_tokens(const std::string& id, double far, double r) {
  Case c = token_case(id, {0, 0, 0}, "1", {{1, 0}, {0, 1}, {far, 0}}, 2);
  c.numbers["r"] = ExactTensor::scalar(r);
  return c;
}

Interval evaluated(const std::string& id, const Case& c, const std::string& name) {
  set_working_precision(128);
  return quantity(theorems::find(id)->evaluate_interval(c, EvalContext{}), name);
}

TEST(SeparabilityEq10, ALeftOutTokenInsideTheBallMakesNsZero) {
  for (const char* id : {"separability-lower", "separability-upper-envelope"}) {
    const Interval Ns = evaluated(id, issue_case(), "N_s");
    EXPECT_TRUE(contains(Ns, Mpfr(0)) && upper_end_of(Ns) == 0) << id << ": N_s = " << upper_end_of(Ns);
  }
  // Both selected tokens are inside, and the left-out one is outside only for x_2 = (-3, 0), r = 1.
  EXPECT_TRUE(contains(evaluated("separability-lower", issue_case(), "N_in"), Mpfr(2)));
  const Interval Ns = evaluated("separability-upper-envelope", three_tokens("separability-upper-envelope", -3, 1), "N_s");
  EXPECT_EQ(lower_end_of(Ns), 2);
  EXPECT_EQ(upper_end_of(Ns), 2);
}

TEST(SeparabilityEq10, LowerBoundIsCheckedForTheTokensItBounds) {
  // r (N - N_in) = 0 <= sum xi: the Markov argument bounds N_in, which is N_s for the paper's r.
  EXPECT_NE(check("separability-lower", three_tokens("separability-lower", -1, 10)).verdict, Verdict::Violated);
}

TEST(SeparabilityEq10, RadiusExactlyZeroIsDecidedExactly) {
  // A top tie with identical vectors, N = 1: alpha_1 x_1 = s, so r = 0, N_in = 0 and xi = 0:
  // r (N - N_in) = 0 <= 0 = sum xi, and dist / xi is 1 + dist = 1: both claims attained, decided
  // exactly (only equal logits can cancel, Lindemann-Weierstrass).
  const Case tie = token_case("separability-lower", {0, 0}, "1", {{1, 2}, {1, 2}}, 1);
  EXPECT_NO_THROW(theorems::find("separability-lower")->check_assumptions(tie));
  EXPECT_EQ(check("separability-lower", tie).verdict, Verdict::EqualExact);
  EXPECT_TRUE(contains(evaluated("separability-lower", tie, "r"), Mpfr(0)));
  EXPECT_EQ(upper_end_of(evaluated("separability-lower", tie, "r")), 0);
  // x_2 = x_0 + x_1 with three tied logits and N = 2 is s (r = 0): no token is nearer to s than
  // the one left out, N_s = 0, below any envelope; distinct logits need a zero group.
  const Case sum = token_case("separability-upper-envelope", {0, 0, 0}, "1/3", {{1, 0}, {0, 1}, {1, 1}}, 2);
  EXPECT_TRUE(contains(evaluated("separability-upper-envelope", sum, "r"), Mpfr(0)));
  EXPECT_EQ(check("separability-upper-envelope", sum).verdict, Verdict::Proven);
  for (const Case& fine : {token_case("separability-lower", {2, 1, 1}, "1", {{0, 0}, {3, 1}, {3, 1}}, 2),
                           token_case("separability-lower", {2, 1, 1}, "1", {{1, 0}, {3, 1}, {3, 1}}, 2),
                           token_case("separability-lower", {0, 0}, "1", {{1, 2}, {1, 3}}, 1),
                           token_case("separability-lower", {1, 0}, "1", {{1, 2}, {1, 2}}, 1)})
    EXPECT_NE(check("separability-lower", fine).verdict, Verdict::Violated) << fine.label;
  Case given = tie;
  given.numbers["r"] = ExactTensor::scalar(0.5);
  EXPECT_NE(check("separability-lower", given).verdict, Verdict::Violated) << "an explicit r > 0";
}

}  // namespace separability_eq10_test
}  // namespace nb
