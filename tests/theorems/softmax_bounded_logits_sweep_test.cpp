// softmax-bounded-logits-sweep: the sharp forms are attained by two-level logits at every L, and
// along an L-sweep L max_i alpha_i climbs toward e^{2B/T}, so no smaller constant is uniform in L:
// a bound 1% below it is caught at L = 1024.
#include <cmath>

#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace softmax_bounded_logits_sweep_test {

using namespace witness;
const std::string kId = "softmax-bounded-logits-sweep";

// One logit at `top`, the other L - 1 at `rest`, |logits| <= B = 1, T = 2.
Case two_level(std::size_t L, double top, double rest) {
  std::vector<double> l(L, rest);
  l[0] = top;
  Case c;
  c.theorem = kId;
  c.label = "witness";
  c.numbers["logits"] = ExactTensor::vector(l);
  c.numbers["T"] = ExactTensor::literal("2");
  c.numbers["B"] = ExactTensor::scalar(1);
  return c;
}

TEST(SoftmaxBoundedLogitsSweep, TwoLevelLogitsAttainTheSharpForms) {
  // (1, -1, -1, -1), T = 2: L max alpha = 4 e / (e + 3) = 4 / (1 + 3 e^-1), the sharp upper form.
  const Case top = two_level(4, 1, -1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(top, EvalContext{});
  const Mpfr e = exp(Mpfr(1));
  EXPECT_TRUE(contains(quantity(s, "L max_i alpha_i"), 4 * e / (e + 3)));
  EXPECT_EQ(check(kId, top).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, top, 0, one_minus_2_to(-20)), Verdict::Violated);
  // (-1, 1, 1, 1): the sharp lower form, L min alpha = 4 e^-1 / (e^-1 + 3).
  const Case bottom = two_level(4, -1, 1);
  EXPECT_EQ(check(kId, bottom).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, bottom, 2, one_plus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxBoundedLogitsSweep, TheUniformConstantIsApproachedAsLGrows) {
  // L max alpha = L / (1 + (L - 1) e^-1) increases with L toward e^{2B/T} = e.
  set_working_precision(128);
  Mpfr previous = 0;
  for (std::size_t L = 2; L <= 1024; L *= 2) {
    const Sides<Interval> s = theorems::find(kId)->evaluate_interval(two_level(L, 1, -1), EvalContext{});
    const Interval top = quantity(s, "L max_i alpha_i");
    EXPECT_GT(lower_end_of(top), previous) << "L = " << L;
    previous = upper_end_of(top);
  }
  // At L = 1024 it is within 0.2% of e: a constant 1% smaller is no bound for every L.
  const Case far = two_level(1024, 1, -1);
  EXPECT_EQ(with_scaled_bound(kId, far, 1, Interval(99) / 100), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound(kId, far, 1, Interval(1)), Verdict::Proven);
}

TEST(SoftmaxBoundedLogitsSweep, LogitsOutsideTheBoundAreRefused) {
  Case c = two_level(3, 1, -1);
  c.numbers["B"] = ExactTensor::literal("0.999");
  EXPECT_THROW(theorems::find(kId)->check_assumptions(c), InputError);
}

}  // namespace softmax_bounded_logits_sweep_test
}  // namespace nb
