// Softmax is invariant under a common shift of the logits, and the evaluations use it exactly
// (verify/kernels/shifted_logits.hpp): logits (12345.678, 12345.678) are decided like (0, 0). They ended
// INCONCLUSIVE (slack +-5e-613 at 2048 bits): two separate enclosures of 12345.678 are not a tie.
#include <gtest/gtest.h>

#include "tests/theorems/literal_vector.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace shift_invariance_test {

using namespace witness;

Case tie_case(const std::string& logit, const std::string& T) {
  Case c;
  c.label = "(" + logit + ", " + logit + ") T=" + T;
  c.numbers["logits"] = literal_vector({logit, logit});
  c.numbers["T"] = ExactTensor::literal(T);
  return c;
}

TEST(ShiftInvariance, ShiftedTieIsDecidedLikeTheTieAtZero) {
  for (const auto& [id, T] : {std::pair{"softmax-jacobian-spectral-sharp", "1"}, {"softmax-jacobian-entry", "0.1"},
                              {"softmax-jacobian-entry", "1/8"}, {"softmax-jacobian-spectral-as-printed", "1"}}) {
    const Verdict at_zero = check(id, tie_case("0", T)).verdict;
    const Verdict shifted = check(id, tie_case("12345.678", T)).verdict;
    EXPECT_NE(at_zero, Verdict::Inconclusive) << id << " T=" << T;
    EXPECT_EQ(shifted, at_zero) << id << " T=" << T << ": " << verdict_name(shifted) << " vs " << verdict_name(at_zero);
  }
}

TEST(ShiftInvariance, WeightsOfAShiftedTieAreExactlyOneHalf) {
  set_working_precision(128);
  const Sides<Interval> s =
      theorems::find("softmax-jacobian-spectral-sharp")->evaluate_interval(tie_case("-1e300", "1"), EvalContext{});
  const Interval top = quantity(s, "max_i alpha_i");
  EXPECT_EQ(lower_end_of(top), upper_end_of(top));
  EXPECT_TRUE(contains(top, Mpfr(1) / 2));
}

}  // namespace shift_invariance_test
}  // namespace nb
