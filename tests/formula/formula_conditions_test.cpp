// Conditions and indices in formulas, each against the same thing computed directly in C++:
// indicator, count and where (decided on enclosures where their ends decide, [0, 1] or the hull
// where they do not, and exactly by the exact tier), constant and offset indices (v[0], v[i + 1]),
// an index outside its vector a mistake of the file.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "verify/formula/formula_evaluation.hpp"

namespace nb::formula {
namespace {

template <class R>
R value_of(const std::string& text, const Bindings<R>& names) {
  return evaluate_scalar(parse_formula(text), names);
}

std::string error_of(const std::string& text, const Bindings<double>& names) {
  try {
    value_of(text, names);
  } catch (const FormulaError& e) {
    return e.what();
  }
  return "";
}

TEST(FormulaConditions, CountIndicatorAndWhereAgreeWithTheirDirectComputation) {
  std::mt19937_64 rng(2508178);
  std::uniform_real_distribution<double> draw(-3, 3);
  for (int trial = 0; trial < 40; ++trial) {
    const Eigen::Index L = 1 + trial % 9;
    Vector<double> v(L);
    for (Eigen::Index i = 0; i < L; ++i) v[i] = trial % 4 == 0 ? std::round(draw(rng)) : draw(rng);
    const double c = std::round(draw(rng));
    const Bindings<double> names{{"v", v}, {"c", c}, {"L", double(L)}};
    double above = 0, at_most = 0, clipped = 0, equal = 0;
    for (Eigen::Index i = 0; i < L; ++i) {
      above += v[i] > c;
      at_most += v[i] <= c ? v[i] : 0;
      clipped += v[i] < c ? c : v[i];
      equal += v[i] == c;
    }
    EXPECT_EQ(value_of("count(i, v[i] > c)", names), above) << trial;
    EXPECT_EQ(value_of("sum(i, indicator(v[i] <= c) * v[i])", names), at_most) << trial;
    EXPECT_EQ(value_of("sum(i, where(v[i] < c, c, v[i]))", names), clipped) << trial;
    EXPECT_EQ(value_of("count(i, v[i] == c) + count(i, v[i] != c)", names), double(L)) << trial;
    EXPECT_EQ(value_of("count(i, v[i] == c)", names), equal) << trial;
    EXPECT_EQ(value_of("count(i, c >= v[i]) + count(i, c < v[i])", names), double(L)) << trial;
  }
}

TEST(FormulaConditions, AnUndecidedComparisonIsZeroToOneAndTheExactTierDecidesIt) {
  // 0.1 + 0.2 == 0.3 holds exactly; binary64 enclosures of the two sides overlap without being
  // one point, so they cannot decide it.
  const DoubleInterval fast = value_of("indicator(0.1 + 0.2 == 0.3)", Bindings<DoubleInterval>{});
  EXPECT_EQ(fast.lower(), 0.0);
  EXPECT_EQ(fast.upper(), 1.0);
  const ExactReal exact = value_of("indicator(0.1 + 0.2 == 0.3)", Bindings<ExactReal>{});
  EXPECT_EQ(sign_of(ExactReal(exact - ExactReal(1))), ExactSign::Zero);
  EXPECT_EQ(sign_of(value_of("indicator(0.1 + 0.2 > 0.3)", Bindings<ExactReal>{})), ExactSign::Zero);
  // Decided where the ends decide: [1, 2] < [3, 4] for every point.
  const Bindings<DoubleInterval> boxes{{"x", DoubleInterval::from_ends(1, 2)}, {"y", DoubleInterval::from_ends(3, 4)},
                                       {"z", DoubleInterval::from_ends(1.5, 3.5)}};
  EXPECT_EQ(value_of("indicator(x < y)", boxes).lower(), 1.0);
  EXPECT_EQ(value_of("indicator(x < y)", boxes).upper(), 1.0);
  EXPECT_EQ(value_of("indicator(y <= x)", boxes).upper(), 0.0);
  const DoubleInterval undecided = value_of("indicator(z < y)", boxes);
  EXPECT_EQ(undecided.lower(), 0.0);
  EXPECT_EQ(undecided.upper(), 1.0);
  // where of an undecided condition: the hull of both values.
  const DoubleInterval hull = value_of("where(z < 3, x, y)", boxes);
  EXPECT_EQ(hull.lower(), 1.0);
  EXPECT_EQ(hull.upper(), 4.0);
  EXPECT_EQ(value_of("where(x < y, x, y)", boxes).upper(), 2.0) << "decided: the first value only";
}

TEST(FormulaConditions, ConstantAndOffsetIndicesReadTheEntryTheyName) {
  const Vector<double> v{{2.0, 3.0, 5.0, 7.0}};
  const Bindings<double> names{{"v", v}, {"L", 4.0}};
  EXPECT_EQ(value_of("v[0] + v[3]", names), 9.0);
  EXPECT_EQ(value_of("sum(i, where(i < L - 1, v[i + 1] - v[i], 0))", names), 5.0) << "telescoping: v[3] - v[0]";
  EXPECT_EQ(value_of("sum(i, where(i > 0, v[i] * v[i - 1], 0))", names), 2.0 * 3 + 3 * 5 + 5 * 7);
  EXPECT_EQ(value_of("max(i, v[3 - i] * v[i])", names), 3.0 * 5) << "v[3 - i] v[i]";
  const std::string past = error_of("sum(i, v[i] + v[i + 1])", names);
  EXPECT_NE(past.find("index 4 is outside the vector's length 4"), std::string::npos) << past;
  EXPECT_NE(error_of("v[4]", names).find("outside the vector's length 4"), std::string::npos);
  EXPECT_NE(error_of("v[0 - 1]", names).find("index -1 is outside"), std::string::npos);
  EXPECT_NE(error_of("v[c]", Bindings<double>{{"v", v}, {"c", 1.0}}).find("an index must be the variable"),
            std::string::npos);
  EXPECT_NE(error_of("v[0] < 1", names).find("a comparison is a condition"), std::string::npos);
  EXPECT_NE(error_of("indicator(v[0])", names).find("a condition is needed here"), std::string::npos);
}

}  // namespace
}  // namespace nb::formula
