// Evaluating formulas: the same tree in double, Mpfr, Interval and DoubleInterval means what it
// says (against the formula written directly); intervals
// enclose the high-precision value; decimals are the rationals they spell; shape mistakes are
// errors at the offending node.
#include "verify/formula/formula_evaluation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include <mpfi.h>

namespace nb::formula {
namespace {

bool encloses(const Interval& x, const Mpfr& y) { return mpfi_cmp_fr(x.backend().data(), y.backend().data()) == 0; }

// The entropy of softmax(l / T) as a theorem file states it: the definition a, then the value.
template <class R>
R entropy(const std::vector<std::string>& logits, const std::string& T) {
  Bindings<R> names;
  Vector<R> l(static_cast<Eigen::Index>(logits.size()));
  for (std::size_t i = 0; i < logits.size(); ++i) l[static_cast<Eigen::Index>(i)] = ExactTensor::literal(logits[i]).entry<R>(0);
  names["l"] = l;
  names["T"] = ExactTensor::literal(T).entry<R>(0);
  names["a"] = evaluate(parse_formula("softmax(l / T)"), names);
  return evaluate_scalar(parse_formula("-sum(i, a[i] * log(a[i]))"), names);
}

TEST(EvaluateFormula, TiedLogitsGiveEntropyLogLInEveryType) {
  set_working_precision(128);
  const std::vector<std::string> tied(4, "0.3");
  EXPECT_NEAR(entropy<double>(tied, "1/3"), std::log(4.0), 4e-16);
  const Interval e = entropy<Interval>(tied, "1/3");
  set_working_precision(512);
  const Mpfr log4 = log(Mpfr(4));
  set_working_precision(128);
  EXPECT_TRUE(encloses(e, log4)) << e;
  EXPECT_LT(Mpfr(upper_end_of(e) - lower_end_of(e)), Mpfr("1e-35")) << e;
  const DoubleInterval d = entropy<DoubleInterval>(tied, "1/3");
  EXPECT_LE(d.lower(), std::log(4.0));
  EXPECT_GE(d.upper(), std::log(4.0));
}

TEST(EvaluateFormula, MeansWhatItSaysAndIntervalsEncloseTheHighPrecisionValue) {
  const unsigned seed = std::random_device{}();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> logit(-30, 30);
  const Formula f = parse_formula("max(i, a[i]) * exp(-2 * (max(i, l[i]) - min(i, l[i])) / T) - 1 / norm(a)^2 + dot(a, l)");
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t L = 2 + trial % 7;
    std::vector<double> logits(L);
    for (double& x : logits) x = logit(rng);
    const ExactTensor l = ExactTensor::vector(logits);
    const auto value = [&](auto zero) {
      using R = decltype(zero);
      Bindings<R> names{{"l", l.to_vector<R>()}, {"T", R(2)}};
      names["a"] = evaluate(parse_formula("softmax(l / T)"), names);
      return evaluate_scalar(f, names);
    };
    set_working_precision(128);
    const Interval x = value(Interval());
    set_working_precision(1000);
    const Mpfr exact = value(Mpfr());
    set_working_precision(128);
    EXPECT_TRUE(encloses(x, exact)) << "seed " << seed << " trial " << trial << ": " << x;
    EXPECT_NEAR(value(0.0), exact.convert_to<double>(), 1e-9 * (1 + std::abs(exact.convert_to<double>())))
        << "seed " << seed << " trial " << trial;
    // The same formula written directly, in binary64: what the tree must mean.
    const double top = *std::max_element(logits.begin(), logits.end()), low = *std::min_element(logits.begin(), logits.end());
    std::vector<double> a(L);
    double total = 0, squares = 0, dot = 0;
    for (std::size_t i = 0; i < L; ++i) total += a[i] = std::exp((logits[i] - top) / 2);
    for (std::size_t i = 0; i < L; ++i) {
      a[i] /= total;
      squares += a[i] * a[i];
      dot += a[i] * logits[i];
    }
    const double direct = *std::max_element(a.begin(), a.end()) * std::exp(-2 * (top - low) / 2) - 1 / squares + dot;
    EXPECT_NEAR(exact.convert_to<double>(), direct, 1e-9 * (1 + std::abs(direct))) << "seed " << seed << " trial " << trial;
  }
}

TEST(EvaluateFormula, DecimalsAreTheRationalsTheySpell) {
  set_working_precision(128);
  const Interval tenth = evaluate_scalar(parse_formula("0.1"), Bindings<Interval>{});
  EXPECT_FALSE(encloses(tenth, Mpfr(0.1))) << "the binary64 0.1 is not 1/10";
  const Interval zero = evaluate_scalar(parse_formula("0.1 - 1/10"), Bindings<Interval>{});
  EXPECT_TRUE(encloses(zero, Mpfr(0)));
  EXPECT_EQ(evaluate_scalar(parse_formula("2^-1 + 4^(1/2)"), Bindings<double>{}), 2.5);
  EXPECT_EQ(evaluate_scalar(parse_formula("3^13 - (-2)^7 + 2^-3"), Bindings<double>{}), 1594323.0 + 128 + 0.125);
  EXPECT_EQ(evaluate_scalar(parse_formula("1^999999999 + 0^0"), Bindings<double>{}), 2.0) << "a huge exponent by squaring";
  const Interval third = ExactTensor::literal("1/3").entry<Interval>(0);
  const Interval square = evaluate_scalar(parse_formula("(1/3 - x)^2"), Bindings<Interval>{{"x", third}});
  EXPECT_GE(lower_end_of(square), Mpfr(0)) << square << ": an even power is >= 0 even around 0";
  EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, i * v[i])"), Bindings<double>{{"v", Vector<double>::Ones(4)}}), 6.0);
  EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, sum(j, delta(i, j) * v[i] * v[j]))"),
                            Bindings<double>{{"v", Vector<double>::Ones(4)}}),
            4.0)
      << "the diagonal only";
}

// The message of the FormulaError that evaluating `text` in double throws ("" if none).
std::string evaluation_error_of(const std::string& text) {
  const Bindings<double> names{{"u", Vector<double>::Zero(3)}, {"v", Vector<double>::Zero(2)}, {"x", 1.0}};
  try {
    evaluate(parse_formula(text), names);
  } catch (const FormulaError& e) {
    return e.what();
  }
  return "";
}

TEST(EvaluateFormula, ShapeAndNameMistakesAreErrorsAtTheirNode) {
  EXPECT_EQ(evaluation_error_of("x + dot(u, v)"), "dot of vectors of lengths 3 and 2 (column 5)\n  x + dot(u, v)\n      ^");
  EXPECT_EQ(evaluation_error_of("u + v"), "the vectors have lengths 3 and 2 (column 1)\n  u + v\n  ^");
  EXPECT_EQ(evaluation_error_of("y * 2"), "unknown name 'y' (known: u, v, x) (column 1)\n  y * 2\n  ^");
  EXPECT_EQ(evaluation_error_of("sum(i, u[i] + v[i])"),
            "i runs over vectors of lengths 3 and 2 (column 15)\n  sum(i, u[i] + v[i])\n                ^");
  EXPECT_NE(evaluation_error_of("u[x]").find("an index must be the variable"), std::string::npos);
  EXPECT_NE(evaluation_error_of("exp(u) * log(x, x)").find("log takes 1 argument, not 2"), std::string::npos);
  EXPECT_NE(evaluation_error_of("norm(x)").find("a vector is needed here, not a scalar"), std::string::npos);
  EXPECT_NE(evaluation_error_of("max(u, x)").find("a scalar is needed here, not a vector of length 3"), std::string::npos);
  EXPECT_NE(evaluation_error_of("foo(x)").find("unknown function 'foo'"), std::string::npos);
  EXPECT_NE(evaluation_error_of("sum(j, x)").find("j indexes no vector"), std::string::npos);
}

}  // namespace
}  // namespace nb::formula
