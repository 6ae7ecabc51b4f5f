// Expectations over a uniformly random subset (verify/formula/vocabulary/expectations.hpp):
// enumerated ones against a brute-force mean over the subsets (in every tier, exactly where the
// exact tier can), sampled ones as confidence intervals holding the exact mean (a sum over the
// complement of S drawn by linearity and whole alike), a stated range that a draw breaks (by
// linearity, (L - N) times a term), no value without a range beyond the enumeration limit, the
// random set's name as no index, LaTeX.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"

namespace nb::formula {
namespace {

template <class R = double>
Vector<R> as_vector(const std::vector<double>& v) {
  return ExactTensor::vector(v).template to_vector<R>();
}

template <class R = double>
Matrix<R> as_matrix(const std::vector<std::vector<double>>& rows) {
  Matrix<R> m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows[0].size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t k = 0; k < rows[i].size(); ++k) m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = R(rows[i][k]);
  return m;
}

// The mean of f over every N-subset of {0, ..., L-1} (the subsets as bit masks), in long double.
template <class F>
long double brute_mean(std::size_t L, std::size_t N, F f) {
  long double total = 0;
  std::size_t count = 0;
  for (unsigned mask = 0; mask < (1u << L); ++mask) {
    if (static_cast<std::size_t>(__builtin_popcount(mask)) != N) continue;
    std::vector<int> in(L);
    for (std::size_t i = 0; i < L; ++i) in[i] = (mask >> i) & 1u;
    total += f(in);
    ++count;
  }
  return total / count;
}

// Theorem 1's cumulative distance of a random set, d~(S) = sum_{i not in S} ||y_i - s_S||.
const char* const kDistance = "expectation(S, subset(L, N), sum(i, 1 - S, norm(y[i] - vec(k, sum(j, S, y[j][k])))))";

TEST(Expectations, EnumeratedMeanOfTheDistanceMatchesABruteForceMeanInEveryInexactTier) {
  std::mt19937_64 rng(2508);
  std::normal_distribution<double> g;
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t L = 1 + trial % 9, d = 1 + trial % 3, N = static_cast<std::size_t>(trial) % (L + 1);
    std::vector<std::vector<double>> y(L, std::vector<double>(d));
    for (auto& row : y)
      for (double& x : row) x = g(rng);
    const long double want = brute_mean(L, N, [&](const std::vector<int>& in) {
      std::vector<long double> s(d, 0);
      for (std::size_t j = 0; j < L; ++j)
        if (in[j])
          for (std::size_t k = 0; k < d; ++k) s[k] += y[j][k];
      long double total = 0;
      for (std::size_t i = 0; i < L; ++i) {
        if (in[i]) continue;
        long double square = 0;
        for (std::size_t k = 0; k < d; ++k) square += (y[i][k] - s[k]) * (y[i][k] - s[k]);
        total += std::sqrt(square);
      }
      return total;
    });
    const Bindings<double> point{{"y", as_matrix(y)}, {"L", double(L)}, {"N", double(N)}};
    EXPECT_NEAR(evaluate_scalar(parse_formula(kDistance), point), static_cast<double>(want), 1e-12 * (1 + want))
        << "L " << L << " N " << N;
    const Bindings<DoubleInterval> boxes{{"y", as_matrix<DoubleInterval>(y)}, {"L", DoubleInterval(double(L))},
                                         {"N", DoubleInterval(double(N))}};
    const DoubleInterval enclosed = evaluate_scalar(parse_formula(kDistance), boxes);
    EXPECT_LE(enclosed.lower(), static_cast<double>(want) + 1e-15 * (1 + want)) << "L " << L << " N " << N;
    EXPECT_GE(enclosed.upper(), static_cast<double>(want) - 1e-15 * (1 + want)) << "L " << L << " N " << N;
    EXPECT_LT(enclosed.upper() - enclosed.lower(), 1e-12 * (1 + want));
  }
}

TEST(Expectations, EnumerationIsExactInTheExactTierAndEnclosesInIntervals) {
  // E over the 2-subsets S of 5 of (sum_{j in S} v_j)^2 for integers v: a rational the brute
  // force gives exactly (every sum is an integer below 2^53).
  const std::vector<double> v = {3, -1, 4, 1, -5};
  const long double want = brute_mean(5, 2, [&](const std::vector<int>& in) {
    long double s = 0;
    for (std::size_t j = 0; j < 5; ++j) s += in[j] * v[j];
    return s * s;
  });
  const char* const text = "expectation(S, subset(5, 2), sum(j, S, v[j])^2)";
  const auto check = [&](auto zero) {
    using R = decltype(zero);
    ExactScope scope;
    const R got = evaluate_scalar(parse_formula(text), Bindings<R>{{"v", as_vector<R>(v)}});
    // The mean of 10 integers: a multiple of 1/10.
    const ExactTensor exact = ExactTensor::literal(std::to_string(std::llround(want * 10)) + "/10");
    if constexpr (is_exact_number_v<R>) EXPECT_EQ(sign_of(ExactReal(got - exact.entry<ExactReal>(0))), ExactSign::Zero);
    else EXPECT_TRUE(lower_end_of(got) <= exact.approx(0) && exact.approx(0) <= upper_end_of(got));
  };
  check(DoubleInterval());
  check(Interval());
  check(ExactReal());
}

TEST(Expectations, SampledMeanIsAConfidenceIntervalHoldingTheExactMean) {
  // E over the 10-subsets of 30 of sum_{j in S} v_j = (N / L) sum_j v_j: C(30, 10) = 30045015
  // subsets, beyond enumeration, so sampled; every draw lies in [0, sum of the 10 largest].
  std::vector<double> v(30);
  for (std::size_t j = 0; j < v.size(); ++j) v[j] = static_cast<double>(j % 7) + 0.5;
  double total = 0;
  for (double x : v) total += x;
  const double mean = total * 10 / 30;
  const char* const text = "expectation(S, subset(30, 10), sum(j, S, v[j]), 0, 10 * 6.5)";
  const DoubleInterval got = evaluate_scalar(parse_formula(text), Bindings<DoubleInterval>{{"v", as_vector<DoubleInterval>(v)}});
  EXPECT_LE(got.lower(), mean);
  EXPECT_GE(got.upper(), mean);
  EXPECT_LT(got.upper() - got.lower(), 0.5) << "64000 draws of a variance about 30 narrow it below 0.5";
  EXPECT_NEAR(evaluate_scalar(parse_formula(text), Bindings<double>{{"v", as_vector(v)}}), mean, 0.25)
      << "double gives the sample mean";
  // More taken than left out: the complement is drawn.
  const char* const most = "expectation(S, subset(30, 25), sum(j, S, v[j]), 0, 25 * 6.5)";
  const DoubleInterval many = evaluate_scalar(parse_formula(most), Bindings<DoubleInterval>{{"v", as_vector<DoubleInterval>(v)}});
  EXPECT_LE(many.lower(), total * 25 / 30);
  EXPECT_GE(many.upper(), total * 25 / 30);
  ExactScope scope;
  EXPECT_FALSE(evaluate_scalar(parse_formula(text), Bindings<ExactReal>{{"v", as_vector<ExactReal>(v)}}).is_number())
      << "a sampled statistic has no exact value";
}

TEST(Expectations, ASampledExpectationDrawsTheNumberItGivesAtTheFirstLook) {
  // expectation(S, subset(30, 10), sum(j, S, v[j]), low, high, n): n draws, 64000 without n.
  std::vector<double> v(30);
  for (std::size_t j = 0; j < v.size(); ++j) v[j] = static_cast<double>(j % 7) + 0.5;
  const double mean = 3.5 * 10;  // (10 / 30) sum_j v_j, the entries averaging 3.5
  const Bindings<DoubleInterval> b{{"v", as_vector<DoubleInterval>(v)}};
  const auto with = [&](const std::string& draws) {
    return evaluate_scalar(parse_formula("expectation(S, subset(30, 10), sum(j, S, v[j]), 0, 65" + draws + ")"), b);
  };
  const DoubleInterval fallback = with(""), same = with(", 64000"), few = with(", 1000");
  EXPECT_EQ(same.lower(), fallback.lower()) << "64000 is the default: the same draws";
  EXPECT_EQ(same.upper(), fallback.upper());
  EXPECT_LE(few.lower(), mean);
  EXPECT_GE(few.upper(), mean);
  EXPECT_GT(few.upper() - few.lower(), 4 * (fallback.upper() - fallback.lower()))
      << "64 times fewer draws: an interval about 8 times wider";
  for (const char* refused : {", 1", ", 1000001", ", 1000.5"}) {
    try {
      with(refused);
      ADD_FAILURE() << refused << " draws are refused";
    } catch (const FormulaError& e) {
      EXPECT_NE(std::string(e.what()).find("number of draws"), std::string::npos) << e.what();
    }
  }
}

TEST(Expectations, ASampledDrawOutsideTheStatedRangeLeavesNoValueAndNoRangeNoSampling) {
  const std::vector<double> v(30, 1.0);
  const Bindings<DoubleInterval> ones{{"v", as_vector<DoubleInterval>(v)}};
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(S, subset(30, 10), sum(j, S, v[j]), 0, 9)"), ones),
               OutsideDomain)
      << "every draw sums to 10";
  try {
    evaluate_scalar(parse_formula("expectation(S, subset(30, 10), sum(j, S, v[j]))"), ones);
    ADD_FAILURE() << "C(30, 10) subsets without a range have no value";
  } catch (const OutsideDomain& e) {
    EXPECT_NE(std::string(e.what()).find("gives no range"), std::string::npos) << e.what();
  }
  // The enumeration limit itself: C(20, 10) = 184756 subsets are enumerated.
  const std::vector<double> w(20, 1.0);
  const DoubleInterval all = evaluate_scalar(parse_formula("expectation(S, subset(20, 10), sum(j, S, v[j]))"),
                                             Bindings<DoubleInterval>{{"v", as_vector<DoubleInterval>(w)}});
  EXPECT_EQ(all.lower(), 10);
  EXPECT_EQ(all.upper(), 10);
}

// Theorem 1's distance at L = 24 (C(24, N) = 346104 subsets for N = 7 and 17, beyond enumeration):
// sampled by linearity (a token and a subset of the others per draw) and, written `0 + sum(...)`
// so that the compiler does not see the sum over the complement, whole; both confidence intervals
// hold the exact mean over every subset (enumerated here in long double).
TEST(Expectations, SampledSumOverTheComplementByLinearityAndWholeHoldTheExactMean) {
  std::mt19937_64 rng(1708);
  std::normal_distribution<double> g;
  const std::size_t L = 24, d = 2;
  std::vector<std::vector<double>> y(L, std::vector<double>(d));
  for (auto& row : y)
    for (double& x : row) x = g(rng);
  double largest = 0;  // every draw lies in [0, (L - N) (N + 1) max ||y_j||]
  for (const auto& row : y) largest = std::max(largest, std::hypot(row[0], row[1]));
  for (const std::size_t N : {std::size_t{7}, std::size_t{17}}) {
    long double total = 0;
    std::size_t count = 0;
    for (unsigned mask = 0; mask < (1u << L); ++mask) {
      if (static_cast<std::size_t>(__builtin_popcount(mask)) != N) continue;
      long double s[2] = {0, 0};
      for (std::size_t j = 0; j < L; ++j)
        if ((mask >> j) & 1u) s[0] += y[j][0], s[1] += y[j][1];
      for (std::size_t i = 0; i < L; ++i)
        if (!((mask >> i) & 1u)) total += std::hypot(y[i][0] - s[0], y[i][1] - s[1]);
      ++count;
    }
    const double exact = static_cast<double>(total / count);
    const std::string high = std::to_string((L - N) * (N + 1) * (largest + 1));
    const std::string sum = "sum(i, 1 - S, norm(y[i] - vec(k, sum(j, S, y[j][k]))))";
    const Bindings<DoubleInterval> boxes{{"y", as_matrix<DoubleInterval>(y)}};
    for (const std::string& body : {sum, "0 + " + sum}) {
      const std::string text = "expectation(S, subset(24, " + std::to_string(N) + "), " + body + ", 0, " + high + ")";
      const DoubleInterval got = evaluate_scalar(parse_formula(text), boxes);
      EXPECT_LE(got.lower(), exact) << text;
      EXPECT_GE(got.upper(), exact) << text;
      EXPECT_LT(got.upper() - got.lower(), 0.05 * exact) << text;
      EXPECT_NEAR(evaluate_scalar(parse_formula(text), Bindings<double>{{"y", as_matrix(y)}}), exact, 0.02 * exact)
          << "double gives the sample mean: " << text;
    }
  }
}

// The linearity form draws (L - N) f(i, S'), and the stated range must bound those: here every
// subset's sum over the complement is at most 100, but (L - N) v_0 = 2000.
TEST(Expectations, BySamplingLinearityTheRangeBoundsLMinusNTimesATerm) {
  std::vector<double> v(30, 0.0);
  v[0] = 100;
  const Bindings<DoubleInterval> one{{"v", as_vector<DoubleInterval>(v)}};
  const DoubleInterval whole = evaluate_scalar(parse_formula("expectation(S, subset(30, 10), 0 + sum(i, 1 - S, v[i]), 0, 100)"), one);
  EXPECT_LE(whole.lower(), 100.0 * 20 / 30);
  EXPECT_GE(whole.upper(), 100.0 * 20 / 30);
  try {
    evaluate_scalar(parse_formula("expectation(S, subset(30, 10), sum(i, 1 - S, v[i]), 0, 100)"), one);
    ADD_FAILURE() << "a draw of 20 v_0 = 2000 lies above the range";
  } catch (const OutsideDomain& e) {
    EXPECT_NE(std::string(e.what()).find("(L - N) times a term"), std::string::npos) << e.what();
  }
  const DoubleInterval by_terms =
      evaluate_scalar(parse_formula("expectation(S, subset(30, 10), sum(i, 1 - S, v[i]), 0, 2000)"), one);
  EXPECT_LE(by_terms.lower(), 100.0 * 20 / 30);
  EXPECT_GE(by_terms.upper(), 100.0 * 20 / 30);
}

TEST(Expectations, TheRandomSetIsANewNameAndNoIndex) {
  const Bindings<double> v{{"v", as_vector(std::vector<double>{1, 2, 3})}};
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(S, subset(3, 1), v[S])"), v), FormulaError);
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(v, subset(3, 1), 1)"), v), FormulaError);
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(S, top(v, 1), 1)"), v), FormulaError);
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(S, subset(3, 1), sum(j, S, v[j]), 0)"), v), FormulaError);
  EXPECT_THROW(evaluate_scalar(parse_formula("S[0] + expectation(S, subset(3, 1), 1)"), v), FormulaError)
      << "S is seen in its expectation only";
  EXPECT_THROW(evaluate_scalar(parse_formula("expectation(S, subset(3, 4), 1)"), v), FormulaError) << "N > L";
  // Inside a loop, enumerated: the mean of v[j] over the (k + 1)-subsets is (sum v) / 3 for every k.
  const Vector<double> means = std::get<Vector<double>>(
      evaluate(parse_formula("vec(k, v[k] - v[k] + expectation(S, subset(3, k + 1), sum(j, S, v[j])) / (k + 1))"), v));
  for (Eigen::Index k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(means[k], 2.0);
}

TEST(Expectations, LatexWritesTheMeanOverTheRandomSubset) {
  EXPECT_EQ(latex(parse_formula("expectation(S, subset(L, N), sum(j, S, a[j]), 0, 1)")),
            "\\mathbb{E}_{S \\subseteq [L],\\, |S| = N}\\left[\\sum_{j \\in S} a_{j}\\right]");
}

}  // namespace
}  // namespace nb::formula
