// one_to, binomial and integer_power (verify/formula/vocabulary/integers.hpp) against an independent
// evaluation: Pascal's triangle and powers by a plain loop on integers, in every tier; the
// inclusion-exclusion identity of Section 4 decided exactly in the exact tier; arguments that are
// no integers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {
namespace {

template <class R>
R evaluated(const std::string& text, const Bindings<R>& names) {
  return evaluate_scalar(parse_formula(text), names);
}

template <class R>
Bindings<R> at_integers(std::int64_t n, std::int64_t k) {
  return {{"n", point_of<R>(static_cast<double>(n))}, {"k", point_of<R>(static_cast<double>(k))}};
}

TEST(FormulaIntegers, BinomialIsPascalsTriangleInEveryTier) {
  std::vector<std::vector<double>> pascal{{1}};
  for (std::size_t n = 1; n <= 40; ++n) {
    std::vector<double> row(n + 1, 1);
    for (std::size_t k = 1; k < n; ++k) row[k] = pascal[n - 1][k - 1] + pascal[n - 1][k];
    pascal.push_back(row);
  }
  for (std::int64_t n = 0; n <= 40; n += 3)
    for (std::int64_t k = -1; k <= n + 1; ++k) {
      const double expected = k < 0 || k > n ? 0 : pascal[n][k];  // below 2^53: exact
      EXPECT_EQ(evaluated("binomial(n, k)", at_integers<double>(n, k)), expected) << n << " " << k;
      const DoubleInterval d = evaluated("binomial(n, k)", at_integers<DoubleInterval>(n, k));
      EXPECT_TRUE(d.lower() <= expected && expected <= d.upper()) << n << " " << k;
      const ExactReal e = evaluated("binomial(n, k)", at_integers<ExactReal>(n, k));
      EXPECT_EQ(sign_of(ExactReal(e - point_of<ExactReal>(expected))), ExactSign::Zero) << n << " " << k;
    }
}

TEST(FormulaIntegers, IntegerPowerIsRepeatedMultiplicationOfAnySign) {
  for (const double x : {-3.0, -1.0, 0.0, 0.5, 2.0})
    for (std::int64_t n = 0; n <= 20; ++n) {
      double expected = 1;
      for (std::int64_t j = 0; j < n; ++j) expected *= x;
      const Bindings<double> at{{"x", x}, {"n", static_cast<double>(n)}};
      EXPECT_EQ(evaluated("integer_power(x, n)", at), expected) << x << "^" << n;
      const ExactReal e = evaluated("integer_power(x, n)", Bindings<ExactReal>{{"x", point_of<ExactReal>(x)},
                                                                             {"n", point_of<ExactReal>(static_cast<double>(n))}});
      EXPECT_EQ(sign_of(ExactReal(e - point_of<ExactReal>(expected))), ExactSign::Zero) << x << "^" << n;
    }
}

TEST(FormulaIntegers, OneToRunsASumOverOneToN) {
  EXPECT_EQ(evaluated("sum(j, one_to(n)[j])", at_integers<double>(10, 0)), 55);
  EXPECT_EQ(evaluated("sum(j, one_to(n)[j])", at_integers<double>(1, 0)), 1);
  EXPECT_THROW(evaluated("sum(j, one_to(n)[j])", at_integers<double>(0, 0)), OutsideDomain);  // no empty vector
}

// Section 4: sum_{k=1}^{H} (-1)^{k+1} C(H, k) p^k = 1 - (1 - p)^H, exactly, at p = 4/5 (no binary64).
TEST(FormulaIntegers, InclusionExclusionEqualsTheCoverageExactly) {
  const std::string sum = "sum(j, integer_power(-1, one_to(H)[j] + 1) * binomial(H, one_to(H)[j]) * "
                          "integer_power(p, one_to(H)[j]))";
  for (const double H : {1.0, 2.0, 3.0, 17.0}) {
    const Bindings<ExactReal> at{{"p", ExactReal(ExactReal(4) / ExactReal(5))}, {"H", point_of<ExactReal>(H)}};
    const ExactReal difference = evaluated(sum + " - (1 - integer_power(1 - p, H))", at);
    EXPECT_EQ(sign_of(difference), ExactSign::Zero) << H;
  }
}

TEST(FormulaIntegers, AnArgumentThatIsNoIntegerHasNoValue) {
  EXPECT_THROW(evaluated("binomial(n, k)", Bindings<double>{{"n", 2.5}, {"k", 1.0}}), OutsideDomain);
  EXPECT_THROW(evaluated("integer_power(x, n)", Bindings<double>{{"x", 2.0}, {"n", -1.0}}), OutsideDomain);
  const DoubleInterval straddling = DoubleInterval::from_ends(1.5, 2.5);  // may hold 2
  EXPECT_TRUE(std::isnan(
      evaluated("integer_power(x, n)", Bindings<DoubleInterval>{{"x", DoubleInterval(2)}, {"n", straddling}}).lower()));
}

TEST(FormulaIntegers, LatexNamesEachFunction) {
  EXPECT_EQ(latex(parse_formula("binomial(H, k)")), "\\binom{H}{k}");
  EXPECT_EQ(latex(parse_formula("integer_power(1 - p, H)")), "\\left(1 - p\\right)^{H}");
}

}  // namespace
}  // namespace nb::formula
