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
  EXPECT_EQ(evaluate_scalar(parse_formula("(-2)^2.0 + (-2)^3e0 + (-2)^-1.0"), Bindings<double>{}), 4.0 - 8 - 0.5)
      << "an exponent written 2.0 is the integer 2: defined for a negative base";
  const Interval third = ExactTensor::literal("1/3").entry<Interval>(0);
  const Interval square = evaluate_scalar(parse_formula("(1/3 - x)^2"), Bindings<Interval>{{"x", third}});
  EXPECT_GE(lower_end_of(square), Mpfr(0)) << square << ": an even power is >= 0 even around 0";
  EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, i * v[i])"), Bindings<double>{{"v", Vector<double>(Vector<double>::Ones(4))}}), 6.0);
  EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, sum(j, delta(i, j) * v[i] * v[j]))"),
                            Bindings<double>{{"v", Vector<double>(Vector<double>::Ones(4))}}),
            4.0)
      << "the diagonal only";
}

// The message of the FormulaError that evaluating `text` in double throws ("" if none).
std::string evaluation_error_of(const std::string& text) {
  const Bindings<double> names{
      {"u", Vector<double>(Vector<double>::Zero(3))}, {"v", Vector<double>(Vector<double>::Zero(2))}, {"x", 1.0}, {"K", Matrix<double>(Matrix<double>::Zero(2, 3))}};
  try {
    evaluate(parse_formula(text), names);
  } catch (const FormulaError& e) {
    return e.what();
  }
  return "";
}

TEST(EvaluateFormula, ShapeAndNameMistakesAreErrorsAtTheirNode) {
  EXPECT_EQ(evaluation_error_of("x + dot(u, v)"), "dot of vectors of lengths 3 and 2 (column 5)\n  x + dot(u, v)\n      ^");
  EXPECT_EQ(evaluation_error_of("u + v"),
            "the operands are a vector of length 3 and a vector of length 2 (column 1)\n  u + v\n  ^");
  EXPECT_EQ(evaluation_error_of("y * 2"), "unknown name 'y' (known: K, u, v, x) (column 1)\n  y * 2\n  ^");
  EXPECT_EQ(evaluation_error_of("sum(i, u[i] + v[i])"),
            "i runs over vectors of lengths 3 and 2 (column 15)\n  sum(i, u[i] + v[i])\n                ^");
  EXPECT_NE(evaluation_error_of("u[x]").find("an index must be the variable"), std::string::npos);
  EXPECT_NE(evaluation_error_of("exp(u) * log(x, x)").find("log takes 1 argument, not 2"), std::string::npos);
  EXPECT_NE(evaluation_error_of("norm(x)").find("a vector is needed here, not a scalar"), std::string::npos);
  EXPECT_NE(evaluation_error_of("max(u, x)").find("a scalar is needed here, not a vector of length 3"), std::string::npos);
  EXPECT_NE(evaluation_error_of("foo(x)").find("unknown function 'foo'"), std::string::npos);
  EXPECT_NE(evaluation_error_of("sum(j, x)").find("j indexes no vector"), std::string::npos);
}

TEST(EvaluateFormula, MatrixShapeMistakesNameBothShapes) {
  EXPECT_EQ(evaluation_error_of("K + u"), "the operands are a 2 x 3 matrix and a vector of length 3 (column 1)\n  K + u\n  ^");
  EXPECT_NE(evaluation_error_of("K - softmax_jacobian(u, x)").find("the operands are a 2 x 3 matrix and a 3 x 3 matrix"),
            std::string::npos);
  EXPECT_NE(evaluation_error_of("spectral_norm(u)").find("a matrix is needed here, not a vector of length 3"),
            std::string::npos);
  EXPECT_NE(evaluation_error_of("frobenius_norm(x)").find("a matrix is needed here, not a scalar"), std::string::npos);
  EXPECT_NE(evaluation_error_of("norm(K)").find("a vector is needed here, not a 2 x 3 matrix"), std::string::npos);
  EXPECT_NE(evaluation_error_of("sum(i, K[i][i])").find("i runs over vectors of lengths 3 and 2"), std::string::npos)
      << evaluation_error_of("sum(i, K[i][i])") << ": i runs over K's 3 columns and its 2 rows";
  EXPECT_NE(evaluation_error_of("sum(i, K[i] + u[i])").find("i runs over vectors of lengths 2 and 3"),
            std::string::npos);
  EXPECT_NE(evaluation_error_of("sum(i, x[i])").find("a vector or a matrix is needed here, not a scalar"),
            std::string::npos);
}

// K = [[3, 0], [4, 5]]: K^T K = [[25, 20], [20, 25]], eigenvalues 45 and 5, so ||K||_2 = 3 sqrt(5)
// and ||K||_F = sqrt(50).
template <class R>
Bindings<R> small_matrix() {
  Matrix<R> K(2, 2);
  K << R(3), R(0), R(4), R(5);
  return {{"K", K}, {"u", Vector<R>(Vector<R>::Ones(2))}};
}

TEST(EvaluateFormula, MatrixRowsEntriesAndNorms) {
  const Bindings<double> K = small_matrix<double>();
  const auto at = [&](const std::string& text) { return evaluate_scalar(parse_formula(text), K); };
  EXPECT_EQ(at("sum(i, sum(j, K[i][j] * (2 * i + j + 1)))"), 3 * 1 + 0 * 2 + 4 * 3 + 5 * 4);
  EXPECT_EQ(at("sum(j, sum(i, K[i][j] * (2 * i + j + 1)))"), 35) << "j's range is known before i is bound";
  EXPECT_EQ(at("sum(i, dot(K[i], u) * (i + 1))"), 3 * 1 + 9 * 2);
  EXPECT_EQ(at("max(i, norm(K[i]))"), std::sqrt(41.0));
  EXPECT_EQ(at("frobenius_norm(2 * K - K)"), std::sqrt(50.0));
  EXPECT_NEAR(at("spectral_norm(K)"), 3 * std::sqrt(5.0), 1e-14);
  EXPECT_EQ(at("sum(i, sum(j, (-K)[i][j]))"), -12) << "an expression's entries";

  set_working_precision(512);
  const Mpfr exact = Mpfr(3) * sqrt(Mpfr(5)), frobenius = sqrt(Mpfr(50));
  set_working_precision(128);
  const Bindings<Interval> KI = small_matrix<Interval>();
  const Interval spectral = evaluate_scalar(parse_formula("spectral_norm(K)"), KI);
  EXPECT_TRUE(encloses(spectral, exact)) << spectral;
  EXPECT_LT(Mpfr(upper_end_of(spectral) - lower_end_of(spectral)), Mpfr("1e-30")) << spectral;
  EXPECT_TRUE(encloses(evaluate_scalar(parse_formula("frobenius_norm(K)"), KI), frobenius));
  const DoubleInterval d = evaluate_scalar(parse_formula("spectral_norm(K)"), small_matrix<DoubleInterval>());
  EXPECT_LE(Mpfr(d.lower()), exact);
  EXPECT_GE(Mpfr(d.upper()), exact);
}

// Entries below 2^-540 (the differences of a saturated softmax's weights): in binary64 each square
// underflows, and a product rounded to 0 is moved outward to -denorm_min. A sum of squares is
// still >= 0, so the norms and even powers of such entries have a value (sqrt of an interval
// reaching below 0 would be unknown) and enclose the true one, at every precision.
TEST(EvaluateFormula, NormsOfEntriesWhoseSquaresUnderflowHaveAValue) {
  const unsigned seed = std::random_device{}();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> exponent(-700, -540);  // every square below 2^-1075: 0
  for (int trial = 0; trial < 20; ++trial) {
    Vector<DoubleInterval> box(64);
    Matrix<DoubleInterval> square_box(8, 8);
    set_working_precision(2048);
    Mpfr least(0), greatest(0);  // the sums of the least and the greatest squares
    for (Eigen::Index k = 0; k < box.size(); ++k) {
      const double lo = std::ldexp(1.0, exponent(rng)), hi = 3 * lo;
      box[k] = k % 2 == 0 ? DoubleInterval::from_ends(lo, hi) : DoubleInterval::from_ends(-hi, -lo);
      square_box(k / 8, k % 8) = box[k];
      least += Mpfr(lo) * Mpfr(lo);
      greatest += Mpfr(hi) * Mpfr(hi);
    }
    least = sqrt(least);
    greatest = sqrt(greatest);
    set_working_precision(128);
    const Bindings<DoubleInterval> names{{"v", box}, {"M", square_box}};
    for (const std::string text : {"norm(v)", "sqrt(sum(i, v[i]^2))", "frobenius_norm(M)"}) {
      const DoubleInterval n = evaluate_scalar(parse_formula(text), names);
      ASSERT_FALSE(n.is_nan()) << text << " (seed " << seed << ")";
      EXPECT_LE(Mpfr(n.lower()), least) << text << " (seed " << seed << ")";
      EXPECT_GE(Mpfr(n.upper()), greatest) << text << " (seed " << seed << ")";
      EXPECT_GE(n.lower(), 0) << text;
    }
  }
}

TEST(EvaluateFormula, SumOfOthersKeepsASaturatedWeightsRest) {
  const Bindings<double> v{{"v", Vector<double>{{1.0, 2.0, 4.0}}}};
  const Vector<double> others = std::get<Vector<double>>(evaluate(parse_formula("sum_of_others(v)"), v));
  EXPECT_EQ(others, (Vector<double>{{6.0, 5.0, 3.0}}));

  // 1 - a_1 = a_0 = 1/(1 + e^1000): the sum of the others keeps it to 128 bits, 1 - a_1 keeps none.
  set_working_precision(128);
  const Bindings<Interval> l{{"l", Vector<Interval>{{Interval(0), Interval(1000)}}}};
  const auto second = [&](const std::string& text) { return std::get<Vector<Interval>>(evaluate(parse_formula(text), l))[1]; };
  const Interval rest = second("sum_of_others(softmax(l))"), difference = second("1 - softmax(l)");
  set_working_precision(512);
  const Mpfr exact = Mpfr(1) / (Mpfr(1) + exp(Mpfr(1000)));
  set_working_precision(128);
  EXPECT_TRUE(encloses(rest, exact)) << rest;
  EXPECT_LT(Mpfr((upper_end_of(rest) - lower_end_of(rest)) / exact), Mpfr("1e-30")) << rest;
  EXPECT_TRUE(encloses(difference, exact));
  EXPECT_LE(lower_end_of(difference), 0) << "1 - a_1 leaves only rounding error";
}

TEST(EvaluateFormula, LargestCountsTiesAndEnclosesTheKthLargest) {
  const Bindings<double> v{{"v", Vector<double>{{5.0, 3.0, 5.0, -1.0}}}};
  const auto at = [&](const std::string& text) { return evaluate_scalar(parse_formula(text), v); };
  EXPECT_EQ(at("largest(v, 1)"), 5);
  EXPECT_EQ(at("largest(v, 2)"), 5) << "with multiplicity";
  EXPECT_EQ(at("largest(v, 3)"), 3);
  EXPECT_EQ(at("largest(-v, 1)"), 1) << "of a computed vector";

  // Overlapping enclosures: the second largest of [0, 2], [1, 3], [-5, 4] lies in [0, 3], the
  // second largest lower end and the second largest upper end (both attained: (0, 1, -5), (2, 3, 4)).
  const Bindings<DoubleInterval> boxes{
      {"v", Vector<DoubleInterval>{{between(0.0, 2.0), between(1.0, 3.0), between(-5.0, 4.0)}}}};
  const DoubleInterval second = evaluate_scalar(parse_formula("largest(v, 2)"), boxes);
  EXPECT_EQ(second.lower(), 0);
  EXPECT_EQ(second.upper(), 3);

  // Of an input with an exact value: decided on it, so an exact evaluation has the number.
  const ExactInputs exact{{"l", ExactTensor::vector({0.5, 2, 2})}};
  ExactScope scope;
  const Bindings<ExactReal> names{{"l", exact.at("l").to_vector<ExactReal>()}};
  const ExactReal gap = evaluate_scalar(parse_formula("largest(l, 1) - largest(l, 2)"), names, &exact);
  EXPECT_EQ(sign_of(gap), ExactSign::Zero);
  EXPECT_EQ(sign_of(evaluate_scalar(parse_formula("largest(l, 3)"), names, &exact) - ExactReal(1) / ExactReal(2)),
            ExactSign::Zero);
  EXPECT_FALSE(evaluate_scalar(parse_formula("largest(2 * l, 1)"), names, &exact).is_number())
      << "computed exact entries are not ordered";

  EXPECT_THROW(at("largest(v, 5)"), FormulaError);
  EXPECT_THROW(at("largest(v, 0)"), FormulaError);
  EXPECT_EQ(at("largest(v, 1 + 1)"), 5) << "k may be computed";
}

// spectral_norm(softmax_jacobian(l, T)) at the logits `logits` (exact inputs passed or not).
template <class R>
R jacobian_norm(const std::vector<double>& logits, const std::string& T, bool exact_inputs) {
  const ExactInputs exact{{"l", ExactTensor::vector(logits)}, {"T", ExactTensor::literal(T)}};
  const Bindings<R> names{{"l", exact.at("l").to_vector<R>()}, {"T", exact.at("T").entry<R>(0)}};
  return evaluate_scalar(parse_formula("spectral_norm(softmax_jacobian(l, T))"), names, exact_inputs ? &exact : nullptr);
}

TEST(EvaluateFormula, SoftmaxJacobianSpectralNormEnclosesTheTrueValue) {
  set_working_precision(128);
  // Ties: ||J||_2 = 1/(LT) for L >= 2 tied logits (1/(2T) at L = 2), whichever kernel.
  for (const bool exact_inputs : {true, false}) {
    for (const std::size_t L : {2u, 3u, 5u}) {
      set_working_precision(512);
      const Mpfr truth = Mpfr(3) / Mpfr(static_cast<unsigned>(L));  // T = 1/3
      set_working_precision(128);
      const Interval n = jacobian_norm<Interval>(std::vector<double>(L, 0.25), "1/3", exact_inputs);
      EXPECT_TRUE(encloses(n, truth)) << "L = " << L << " exact inputs " << exact_inputs << ": " << n;
      const DoubleInterval d = jacobian_norm<DoubleInterval>(std::vector<double>(L, 0.25), "1/3", exact_inputs);
      EXPECT_LE(Mpfr(d.lower()), truth) << L;
      EXPECT_GE(Mpfr(d.upper()), truth) << L;
    }
  }
  // The dedicated kernel at ties is exact: 1/(LT) with no rounding.
  const ExactReal tied = jacobian_norm<ExactReal>({1, 1, 1}, "1/3", true);
  EXPECT_EQ(sign_of(tied - ExactReal(1)), ExactSign::Zero);
  // So is it at a computed temperature certainly > 0 (T / 2): 1/(L T/2) = 2; the general kernel
  // would have no exact form.
  const ExactInputs exact{{"l", ExactTensor::vector({1, 1, 1})}, {"T", ExactTensor::literal("1/3")}};
  const Bindings<ExactReal> names{{"l", exact.at("l").to_vector<ExactReal>()}, {"T", exact.at("T").entry<ExactReal>(0)}};
  const ExactReal halved = evaluate_scalar(parse_formula("spectral_norm(softmax_jacobian(l, T / 2))"), names, &exact);
  EXPECT_EQ(sign_of(halved - ExactReal(2)), ExactSign::Zero);
  // A negative T reverses the order of the weights: the general kernel then answers, |1/(2T)|.
  const Interval negative = jacobian_norm<Interval>({0, 0}, "-1", true);
  EXPECT_TRUE(encloses(negative, Mpfr("0.5"))) << negative;
  const Interval negative3 = jacobian_norm<Interval>({0, 0.5, 0.5}, "-2", true);
  EXPECT_GT(lower_end_of(negative3), 0) << negative3;

  // Random logits: the dedicated and the general kernel enclose one value (they intersect), and
  // the Mpfr approximation (the general kernel at 128 bits; binary64 loses digits to a_1 - a_1^2
  // when a weight nears 1) lies in both, to 1e-20 of it.
  const unsigned seed = std::random_device{}();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> logit(-6, 6);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<double> logits(3 + trial % 6);
    for (double& x : logits) x = logit(rng);
    const Interval dedicated = jacobian_norm<Interval>(logits, "0.7", true);
    const Interval general = jacobian_norm<Interval>(logits, "0.7", false);
    EXPECT_TRUE(intersection_of(dedicated, general).has_value()) << "seed " << seed << ": " << dedicated << " " << general;
    const Mpfr approx = jacobian_norm<Mpfr>(logits, "0.7", false);
    const Mpfr tolerance = approx * Mpfr("1e-20");
    for (const Interval& e : {dedicated, general}) {
      EXPECT_LE(lower_end_of(e), approx + tolerance) << "seed " << seed << ": " << e << " " << approx;
      EXPECT_GE(upper_end_of(e), approx - tolerance) << "seed " << seed << ": " << e << " " << approx;
    }
  }
}

}  // namespace
}  // namespace nb::formula
