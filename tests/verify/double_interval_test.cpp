// DoubleInterval must enclose the exact result of every operation on every point of its operands.
// References are MPFI enclosures at 1000 bits of the same operation on the same (exact binary64)
// operand intervals: the binary64 enclosure must contain them. Operands are random intervals with
// ends of every magnitude; the seed is printed, so a failure replays. In the manner of Boost.Math's
// accuracy tests the worst width is reported in ulps, with its input.
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <limits>

#include <gtest/gtest.h>

#include "tests/verify/random_double_interval.hpp"
#include "verify/indicator.hpp"
#include "verify/numbers.hpp"

namespace nb {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Interval thousand_bit(const DoubleInterval& x) {
  set_working_precision(1000);
  return enclosure_of_doubles<Interval>(x.lower(), x.upper());
}

// Whether `outer` contains the 1000-bit enclosure `inner` (both as MPFI at 1000 bits).
bool contains(const DoubleInterval& outer, const Interval& inner) {
  set_working_precision(1000);
  return mpfr_rounded_down(outer.lower()) <= lower_end_of(inner) &&
         upper_end_of(inner) <= mpfr_rounded_up(outer.upper());
}

// How much wider `fast` is than the exact enclosure, in ulps of its larger end (binary64 ends
// moved outward by k ulps each give about 2k).
double excess_ulps(const DoubleInterval& fast, const Interval& exact) {
  const double scale = std::max(std::abs(fast.lower()), std::abs(fast.upper()));
  if (scale == 0 || !std::isfinite(scale)) return 0;
  const double exact_width = (upper_end_of(exact) - lower_end_of(exact)).convert_to<double>();
  const double ulp = std::max(scale * std::numeric_limits<double>::epsilon(), 0x1p-1074);
  return ((fast.upper() - fast.lower()) - exact_width) / ulp;
}

// Exact text of an interval, so that a failure replays: [0x1.8p-2, 0x1.9p-2].
std::string text(const DoubleInterval& x) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "[%a, %a]", x.lower(), x.upper());
  return buffer;
}

struct BinaryOperation {
  const char* name;
  std::function<DoubleInterval(const DoubleInterval&, const DoubleInterval&)> fast;
  std::function<Interval(const Interval&, const Interval&)> reference;
};

TEST(DoubleInterval, ArithmeticContainsThousandBitEnclosures) {
  const std::uint64_t seed = 20261130;
  std::cout << "seed " << seed << "\n";
  const std::vector<BinaryOperation> operations = {
      {"+", [](auto& a, auto& b) { return a + b; }, [](auto& a, auto& b) { return Interval(a + b); }},
      {"-", [](auto& a, auto& b) { return a - b; }, [](auto& a, auto& b) { return Interval(a - b); }},
      {"*", [](auto& a, auto& b) { return a * b; }, [](auto& a, auto& b) { return Interval(a * b); }},
      {"/", [](auto& a, auto& b) { return a / b; }, [](auto& a, auto& b) { return Interval(a / b); }},
  };
  // Exponent ranges: ordinary, huge (products overflow), tiny (products underflow to subnormals).
  const int ranges[][2] = {{-20, 20}, {500, 1023}, {-1074, -900}, {-1074, 1023}};
  for (const auto& op : operations) {
    random::Rng rng(seed);
    double worst = 0;
    std::string worst_input;
    for (const auto& range : ranges)
      for (int k = 0; k < 4000; ++k) {
        const DoubleInterval a = random_interval(rng, range[0], range[1]);
        const DoubleInterval b = random_interval(rng, range[0], range[1]);
        const DoubleInterval fast = op.fast(a, b);
        const Interval exact = op.reference(thousand_bit(a), thousand_bit(b));
        const std::string input = text(a) + " " + op.name + " " + text(b);
        if (!is_finite_value(exact)) {
          // Division by an interval containing 0: unknown or unbounded in both types.
          EXPECT_FALSE(is_finite_value(fast)) << input;
          continue;
        }
        ASSERT_FALSE(fast.is_nan()) << input;
        ASSERT_TRUE(contains(fast, exact)) << input << ": " << text(fast) << " misses " << exact;
        if (excess_ulps(fast, exact) > worst) {
          worst = excess_ulps(fast, exact);
          worst_input = input;
        }
      }
    std::cout << op.name << ": worst excess width " << worst << " ulps at " << worst_input << "\n";
    EXPECT_LE(worst, 4.0) << op.name << ": each end should be at most one ulp beyond the exact one";
  }
}

struct Function {
  const char* name;
  std::function<DoubleInterval(const DoubleInterval&)> fast;
  std::function<Interval(const Interval&)> reference;
  int lo_exp, hi_exp;  // magnitudes of the operands' ends
  bool positive;       // operands in (0, inf) only
};

TEST(DoubleInterval, ElementaryFunctionsContainThousandBitEnclosures) {
  const std::uint64_t seed = 20261201;
  std::cout << "seed " << seed << "\n";
  const std::vector<Function> functions = {
      {"exp", [](auto& x) { return exp(x); }, [](auto& x) { return Interval(exp(x)); }, -30, 10, false},
      {"log", [](auto& x) { return log(x); }, [](auto& x) { return Interval(log(x)); }, -1074, 1023, true},
      {"log1p", [](auto& x) { return log1p(x); }, [](auto& x) { return Interval(log1p(x)); }, -60, 60, true},
      {"cosh", [](auto& x) { return cosh(x); }, [](auto& x) { return Interval(cosh(x)); }, -30, 9, false},
      {"sqrt", [](auto& x) { return sqrt(x); }, [](auto& x) { return Interval(sqrt(x)); }, -1074, 1023, true},
      {"abs", [](auto& x) { return abs(x); }, [](auto& x) { return Interval(abs(x)); }, -1074, 1023, false},
      {"ldexp -60", [](auto& x) { return ldexp(x, -60); }, [](auto& x) { return Interval(ldexp(x, -60)); }, -1074, 1023, false},
      {"ldexp 60", [](auto& x) { return ldexp(x, 60); }, [](auto& x) { return Interval(ldexp(x, 60)); }, -1074, 1023, false},
  };
  for (const auto& f : functions) {
    random::Rng rng(seed);
    double worst = 0;
    std::string worst_input;
    for (int k = 0; k < 4000; ++k) {
      DoubleInterval x = random_interval(rng, f.lo_exp, f.hi_exp);
      if (f.positive) x = abs(x);
      const DoubleInterval fast = f.fast(x);
      const Interval exact = f.reference(thousand_bit(x));
      const std::string input = std::string(f.name) + "(" + text(x) + ")";
      if (!is_finite_value(exact)) {
        EXPECT_FALSE(is_finite_value(fast)) << input;
        continue;
      }
      ASSERT_TRUE(contains(fast, exact)) << input << ": " << text(fast) << " misses " << exact;
      if (excess_ulps(fast, exact) > worst) {
        worst = excess_ulps(fast, exact);
        worst_input = input;
      }
    }
    std::cout << f.name << ": worst excess width " << worst << " ulps at " << worst_input << "\n";
    EXPECT_LE(worst, 12.0) << f.name << ": each end should be at most a few ulps beyond the exact one";
  }
}

TEST(DoubleInterval, NeighboursAreThoseOfNextafter) {
  const double max = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  for (double x : {0.0, -0.0, tiny, -tiny, 0x1p-1022, -0x1p-1022, 1.0, -1.0, 0.1, -3e300, max, -max, kInf, -kInf}) {
    EXPECT_EQ(DoubleInterval::down(x), std::nextafter(x, -kInf)) << x;
    EXPECT_EQ(DoubleInterval::up(x), std::nextafter(x, kInf)) << x;
  }
  EXPECT_TRUE(std::isnan(DoubleInterval::down(std::numeric_limits<double>::quiet_NaN())));
}

TEST(DoubleInterval, ExactResultsStayPoints) {
  const DoubleInterval a(0.375), b(-2.5);
  EXPECT_EQ((a + b).lower(), -2.125);
  EXPECT_EQ((a + b).upper(), -2.125);
  EXPECT_EQ((a * b).lower(), (a * b).upper());
  EXPECT_EQ((b / DoubleInterval(2)).lower(), -1.25);
  EXPECT_EQ((b / DoubleInterval(2)).upper(), -1.25);
  EXPECT_EQ(exp(DoubleInterval(0)).lower(), 1.0);
  EXPECT_EQ(exp(DoubleInterval(0)).upper(), 1.0);
  EXPECT_EQ(log(DoubleInterval(1)).upper(), 0.0);
  EXPECT_EQ(sqrt(DoubleInterval(0.25)).lower(), 0.5);
  EXPECT_EQ(sqrt(DoubleInterval(0.25)).upper(), 0.5);
  EXPECT_EQ(cosh(DoubleInterval(0)).lower(), 1.0);
  // 1/3 is not a double: its enclosure has two distinct neighbouring ends.
  const DoubleInterval third = DoubleInterval(1) / DoubleInterval(3);
  EXPECT_LT(third.lower(), third.upper());
  EXPECT_EQ(std::nextafter(third.lower(), kInf), third.upper());
  // Integers beyond 2^53 are enclosed, not rounded.
  const DoubleInterval big((std::int64_t{1} << 53) + 1);
  EXPECT_LT(big.lower(), 0x1p53 + 1.5);
  EXPECT_GT(big.upper(), 0x1p53 + 0.5);
}

TEST(DoubleInterval, OverflowGivesAnInfiniteEndNeverAWrongFiniteOne) {
  const DoubleInterval huge(std::numeric_limits<double>::max());
  const DoubleInterval sum = huge + huge;
  EXPECT_EQ(sum.upper(), kInf);
  EXPECT_EQ(sum.lower(), std::numeric_limits<double>::max());
  EXPECT_FALSE(is_finite_value(sum));
  EXPECT_EQ(exp(DoubleInterval(1000)).upper(), kInf);
  EXPECT_FALSE(is_finite_value(huge * huge));
  const DoubleInterval negative = -huge * huge;
  EXPECT_EQ(negative.lower(), -kInf);
  EXPECT_EQ(negative.upper(), -std::numeric_limits<double>::max());
}

TEST(DoubleInterval, UndefinedOperationsAreUnknownOrUnbounded) {
  EXPECT_TRUE(log(DoubleInterval::from_ends(-1, 2)).is_nan());
  EXPECT_TRUE(sqrt(DoubleInterval::from_ends(-1e-300, 2)).is_nan());
  const DoubleInterval across_zero = DoubleInterval(1) / DoubleInterval::from_ends(-1, 1);
  EXPECT_EQ(across_zero.lower(), -kInf);
  EXPECT_EQ(across_zero.upper(), kInf);
  EXPECT_TRUE((DoubleInterval(1) / DoubleInterval(0)).is_nan());
  EXPECT_TRUE((DoubleInterval::unknown() + DoubleInterval(1)).is_nan());
  EXPECT_FALSE(is_finite_value(max_of(DoubleInterval::unknown(), DoubleInterval(1))));
}

TEST(DoubleInterval, IndicatorIsCertainOnlyWhenTheComparisonIs) {
  EXPECT_EQ(indicator_less(DoubleInterval(1), DoubleInterval(2)).lower(), 1.0);
  EXPECT_EQ(indicator_less(DoubleInterval(2), DoubleInterval(1)).upper(), 0.0);
  const DoubleInterval unknown = indicator_less(DoubleInterval::from_ends(0, 2), DoubleInterval(1));
  EXPECT_EQ(unknown.lower(), 0.0);
  EXPECT_EQ(unknown.upper(), 1.0);
}

}  // namespace
}  // namespace nb
