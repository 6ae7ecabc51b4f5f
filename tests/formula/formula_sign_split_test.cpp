// sign_split(v) (verify/formula/vocabulary/sign_splits.hpp) against an independent evaluation: a
// plain loop over all 2^n sign vectors of (1^T v)^2 - (s^T v)^2 on integer vectors (exact in
// binary64), in every tier; without cancellation on saturated weights, where 1 - (s^T a)^2 in
// intervals leaves only rounding error; its LaTeX and its limit of 16 entries.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"

namespace nb::formula {
namespace {

template <class R>
R scalar(const std::string& text, const Bindings<R>& names) {
  return evaluate_scalar(parse_formula(text), names);
}

template <class R>
Vector<R> vector_of(const Vector<double>& v) {
  Vector<R> out(v.size());
  for (Eigen::Index k = 0; k < v.size(); ++k) out[k] = point_of<R>(v[k]);
  return out;
}

// max over every s in {-1, 1}^n of (1^T v)^2 - (s^T v)^2, both signs of s_0 included.
double by_every_sign_vector(const Vector<double>& v) {
  const double total = v.sum();
  double best = -INFINITY;
  for (long s = 0; s < (1L << v.size()); ++s) {
    double signed_sum = 0;
    for (Eigen::Index j = 0; j < v.size(); ++j) signed_sum += (s >> j) & 1 ? -v[j] : v[j];
    best = std::max(best, total * total - signed_sum * signed_sum);
  }
  return best;
}

TEST(FormulaSignSplit, IsTheLargestDifferenceOfSquaresOverSignVectorsInEveryTier) {
  std::mt19937_64 rng(47);
  std::uniform_int_distribution<int> draw(-9, 9);
  for (int trial = 0; trial < 30; ++trial) {
    Vector<double> v(1 + trial % 9);
    for (Eigen::Index k = 0; k < v.size(); ++k) v[k] = draw(rng);
    const double expected = by_every_sign_vector(v);
    EXPECT_EQ(scalar("sign_split(v)", Bindings<double>{{"v", v}}), expected) << trial;
    const DoubleInterval d = scalar("sign_split(v)", Bindings<DoubleInterval>{{"v", vector_of<DoubleInterval>(v)}});
    EXPECT_TRUE(d.lower() <= expected && expected <= d.upper()) << trial;
    const ExactReal e = scalar("sign_split(v)", Bindings<ExactReal>{{"v", vector_of<ExactReal>(v)}});
    EXPECT_EQ(sign_of(ExactReal(e - point_of<ExactReal>(expected))), ExactSign::Zero) << trial;
  }
}

TEST(FormulaSignSplit, PairedWeightsGiveOneExactly) {
  // softmax of (1/2, 2, 1/2, 2): s = (1, 1, -1, -1) balances the weights, so 1 - min_s (s^T a)^2 = 1.
  const Vector<ExactReal> l = vector_of<ExactReal>(Vector<double>{{0.5, 2.0, 0.5, 2.0}});
  const ExactReal e = scalar("sign_split(softmax(l))", Bindings<ExactReal>{{"l", l}});
  EXPECT_EQ(sign_of(ExactReal(e - ExactReal(1))), ExactSign::Zero);
}

TEST(FormulaSignSplit, SaturatedWeightsKeepTheirRelativeAccuracy) {
  // a = softmax(0, -60): 1 - (a_0 - a_1)^2 = 4 a_0 a_1 ~ 4 e^-60, far below binary64's resolution of 1.
  const Bindings<DoubleInterval> l{{"l", vector_of<DoubleInterval>(Vector<double>{{0.0, -60.0}})},
                                   {"s", vector_of<DoubleInterval>(Vector<double>{{1.0, -1.0}})}};
  const DoubleInterval split = scalar("sign_split(softmax(l))", l);
  const DoubleInterval naive = scalar("1 - dot(s, softmax(l))^2", l);
  const double value = 4 * std::exp(-60.0) / ((1 + std::exp(-60.0)) * (1 + std::exp(-60.0)));
  EXPECT_TRUE(split.lower() <= value && value <= split.upper());
  EXPECT_LT(split.upper() - split.lower(), 1e-12 * value);
  EXPECT_GT(naive.upper() - naive.lower(), 1e3 * value) << "the naive form is all rounding error here";
}

TEST(FormulaSignSplit, LatexAndLengthLimit) {
  EXPECT_EQ(latex(parse_formula("sign_split(a)")),
            "\\left(\\left(\\mathbf{1}^{\\top} a\\right)^{2} - \\min_{s \\in \\{\\pm 1\\}^{n}} \\left(s^{\\top} a\\right)^{2}\\right)");
  const Vector<double> sixteen = Vector<double>::Constant(16, 1.0), seventeen = Vector<double>::Constant(17, 1.0);
  EXPECT_EQ(scalar("sign_split(v)", Bindings<double>{{"v", sixteen}}), 256.0);
  EXPECT_THROW(scalar("sign_split(v)", Bindings<double>{{"v", seventeen}}), FormulaError);
}

}  // namespace
}  // namespace nb::formula
