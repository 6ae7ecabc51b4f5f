// Lemma 2 (normalizer-jacobian-bound): at ties the second inequality is an equality (weakening it
// is caught) and ||J||_2 is exactly half the middle expression; assumption errors.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace normalizer_jacobian_bound_test {

using namespace witness;

const std::string kId = "normalizer-jacobian-bound";

Case lemma2_case(const std::string& kernel, std::vector<double> logits) {
  Case c;
  c.label = kernel;
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.options["normalizer"] = kernel;
  c.numbers["T"] = ExactTensor::literal("2");
  c.numbers["c"] = ExactTensor::literal("0.5");  // read by tanh only
  c.numbers["s"] = ExactTensor::literal("3");    // read by square only
  return c;
}

TEST(NormalizerJacobianBound, TiesMakeTheSecondInequalityAnEquality) {
  for (const char* kernel : {"softmax", "softplus", "tanh", "square"}) {
    const Case c = lemma2_case(kernel, {0.75, 0.75, 0.75});
    const Verdict v = check(kId, c).verdict;
    EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight)
        << kernel << ": S = L min F exactly, got " << verdict_name(v);
    EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated) << kernel;
    // At ties J = F'/S (I - 1 1^T / L), so ||J||_2 = F'/S = max|F'|/S, while the middle
    // expression is max|F'|/S + ||F|| ||F'||/S^2 = 2 F'/S: the first bound holds with a factor 2
    // and no more.
    EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(Interval(1) / 2 * one_plus_2_to(-20))), Verdict::NearTight) << kernel;
    EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(Interval(1) / 2 * one_minus_2_to(-20))), Verdict::Violated) << kernel;
  }
}

TEST(NormalizerJacobianBound, SoftmaxTiesGiveOneOverLT) {
  // softmax at ties: ||J||_2 = 1/(L T) = 1/6 for L = 3, T = 2.
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(lemma2_case("softmax", {1, 1, 1}), EvalContext{});
  const Interval norm = quantity(s, "||J||_2");
  EXPECT_TRUE(contains(norm, Mpfr(1) / 6)) << norm;
  EXPECT_LT(upper_end_of(norm) + upper_end_of(Interval(-norm)), ldexp(Mpfr(1), -100));
}

TEST(NormalizerJacobianBound, ProvenWithRoomOnSpreadLogits) {
  for (const char* kernel : {"softmax", "softplus", "tanh", "square"})
    EXPECT_EQ(check(kId, lemma2_case(kernel, {-2, 0, 0.5, 2.5})).verdict, Verdict::Proven) << kernel;
}

TEST(NormalizerJacobianBound, LogitsOutsideTheSquareDomainAreInputErrors) {
  EXPECT_THROW(check_or_refusal(kId, lemma2_case("square", {0, -3})), InputError) << "l = -s: F = 0";
  EXPECT_THROW(check_or_refusal(kId, lemma2_case("square", {-4, 0})), InputError) << "l < -s";
  EXPECT_NO_THROW(check_or_refusal(kId, lemma2_case("softplus", {-4, 0})));
}

}  // namespace normalizer_jacobian_bound_test
}  // namespace nb
