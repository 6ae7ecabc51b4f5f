// ArbInterval must enclose the exact result of every operation on every point of its operands.
// References are MPFI enclosures at 1000 bits of the same operation on the same (exact binary64)
// operand intervals; the Arb ball, at 128 and at 512 bits, must contain them (a ball at the
// reference's own precision may legitimately cut inside MPFI's outward-rounded ends). Operands
// are random intervals with ends of every magnitude, divisors near and across 0 included; the
// seed is printed, so a failure replays.
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/verify/random_double_interval.hpp"
#include "verify/numbers/arb_numbers.hpp"
#include "verify/engine/slack.hpp"

namespace nb {
namespace arb_interval_test {

constexpr unsigned kReferenceBits = 1000;
constexpr long kArbBits[] = {128, 512};

Interval reference_of(const DoubleInterval& x) {
  set_working_precision(kReferenceBits);
  return enclosure_of_doubles<Interval>(x.lower(), x.upper());
}

ArbInterval arb_of(const DoubleInterval& x) { return enclosure_of_doubles<ArbInterval>(x.lower(), x.upper()); }

// Whether the ball contains the 1000-bit enclosure (ends compared as 1000-bit MPFR numbers, to
// which a ball's ends of at most 512 bits convert exactly).
bool contains(const ArbInterval& outer, const Interval& inner) {
  set_working_precision(kReferenceBits);
  return lower_end_of(outer) <= lower_end_of(inner) && upper_end_of(inner) <= upper_end_of(outer);
}

std::string text(const DoubleInterval& x) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "[%a, %a]", x.lower(), x.upper());
  return buffer;
}

std::string text(const ArbInterval& x) {
  set_working_precision(kReferenceBits);
  return "[" + decimal_down(lower_end_of(x), 20) + ", " + decimal_up(upper_end_of(x), 20) + "]";
}

// The check shared by every operation: a finite reference is contained; a reference that is not
// finite (undefined or unbounded somewhere on the operands) is not finite in Arb either. A NaN
// (unknown) result is allowed only where `unknown_allowed`.
void expect_encloses(const ArbInterval& arb, const Interval& reference, const std::string& input,
                     bool unknown_allowed = false) {
  if (!is_finite_value(reference)) {
    EXPECT_FALSE(is_finite_value(arb)) << input << ": MPFI gives " << reference << ", Arb " << text(arb);
    return;
  }
  if (unknown_allowed && arb.is_nan()) return;
  ASSERT_FALSE(arb.is_nan()) << input;
  EXPECT_TRUE(contains(arb, reference)) << input << ": " << text(arb) << " misses " << reference;
}

struct BinaryOperation {
  const char* name;
  std::function<ArbInterval(const ArbInterval&, const ArbInterval&)> arb;
  std::function<Interval(const Interval&, const Interval&)> reference;
};

TEST(ArbInterval, ArithmeticContainsThousandBitEnclosures) {
  const std::uint64_t seed = 20261201;
  std::cout << "seed " << seed << "\n";
  const std::vector<BinaryOperation> operations = {
      {"+", [](auto& a, auto& b) { return a + b; }, [](auto& a, auto& b) { return Interval(a + b); }},
      {"-", [](auto& a, auto& b) { return a - b; }, [](auto& a, auto& b) { return Interval(a - b); }},
      {"*", [](auto& a, auto& b) { return a * b; }, [](auto& a, auto& b) { return Interval(a * b); }},
      {"/", [](auto& a, auto& b) { return a / b; }, [](auto& a, auto& b) { return Interval(a / b); }},
      {"max_of", [](auto& a, auto& b) { return max_of(a, b); }, [](auto& a, auto& b) { return max_of(a, b); }},
      {"min_of", [](auto& a, auto& b) { return min_of(a, b); }, [](auto& a, auto& b) { return min_of(a, b); }},
  };
  // Exponent ranges: ordinary, huge, tiny (divisors near 0; ends of both signs straddle it).
  const int ranges[][2] = {{-20, 20}, {500, 1023}, {-1074, -900}, {-1074, 1023}};
  for (long bits : kArbBits) {
    ArbInterval::set_precision(bits);
    for (const auto& op : operations) {
      random::Rng rng(seed);
      for (const auto& range : ranges)
        for (int k = 0; k < 2000; ++k) {
          const DoubleInterval a = random_interval(rng, range[0], range[1]);
          const DoubleInterval b = random_interval(rng, range[0], range[1]);
          const std::string input = text(a) + " " + op.name + " " + text(b) + " at " + std::to_string(bits) + " bits";
          expect_encloses(op.arb(arb_of(a), arb_of(b)), op.reference(reference_of(a), reference_of(b)), input);
        }
    }
  }
  ArbInterval::set_precision(128);
}

struct Function {
  const char* name;
  std::function<ArbInterval(const ArbInterval&)> arb;
  std::function<Interval(const Interval&)> reference;
  int lo_exp, hi_exp;  // magnitudes of the operands' ends
  bool positive;       // operands in (0, inf) only
};

TEST(ArbInterval, ElementaryFunctionsContainThousandBitEnclosures) {
  const std::uint64_t seed = 20261202;
  std::cout << "seed " << seed << "\n";
  // exp and cosh up to |x| = 2^25: beyond MPFR's exponent range (2^30) MPFI over- or underflows
  // where Arb's exponents do not, and the two are no longer comparable.
  const std::vector<Function> functions = {
      {"exp", [](auto& x) { return exp(x); }, [](auto& x) { return Interval(exp(x)); }, -1074, 25, false},
      {"log", [](auto& x) { return log(x); }, [](auto& x) { return Interval(log(x)); }, -1074, 1023, true},
      {"log of any sign", [](auto& x) { return log(x); }, [](auto& x) { return Interval(log(x)); }, -1074, 1023, false},
      {"log1p", [](auto& x) { return log1p(x); }, [](auto& x) { return Interval(log1p(x)); }, -1074, 1023, true},
      {"cosh", [](auto& x) { return cosh(x); }, [](auto& x) { return Interval(cosh(x)); }, -1074, 25, false},
      {"sqrt", [](auto& x) { return sqrt(x); }, [](auto& x) { return Interval(sqrt(x)); }, -1074, 1023, true},
      {"sqrt of any sign", [](auto& x) { return sqrt(x); }, [](auto& x) { return Interval(sqrt(x)); }, -1074, 1023, false},
      {"abs", [](auto& x) { return abs(x); }, [](auto& x) { return Interval(abs(x)); }, -1074, 1023, false},
      {"ldexp -60", [](auto& x) { return ldexp(x, -60); }, [](auto& x) { return Interval(ldexp(x, -60)); }, -1074, 1023, false},
      {"ldexp 60", [](auto& x) { return ldexp(x, 60); }, [](auto& x) { return Interval(ldexp(x, 60)); }, -1074, 1023, false},
  };
  for (long bits : kArbBits) {
    ArbInterval::set_precision(bits);
    for (const auto& f : functions) {
      random::Rng rng(seed);
      std::size_t given_up = 0;
      for (int k = 0; k < 4000; ++k) {
        DoubleInterval x = random_interval(rng, f.lo_exp, f.hi_exp);
        if (f.positive) x = abs(x);
        const std::string input = std::string(f.name) + "(" + text(x) + ") at " + std::to_string(bits) + " bits";
        // A ball whose radius is at least half its midpoint (an interval [lo, hi] with lo < hi / 3)
        // may reach 0 or below where the interval does not (ArbInterval::from_ends; 1 + x inside
        // log1p), and log, log1p and sqrt then give up: that loses the value, never the enclosure.
        const bool wide_ball = arb_rel_accuracy_bits(arb_of(x).data()) < 1;
        const ArbInterval result = f.arb(arb_of(x));
        given_up += wide_ball && result.is_nan();
        expect_encloses(result, f.reference(reference_of(x)), input, wide_ball);
      }
      std::cout << f.name << " at " << bits << " bits: unknown on " << given_up << " of 4000 operands (wide balls)\n";
    }
  }
  ArbInterval::set_precision(128);
}

TEST(ArbInterval, UndefinedOperationsAreUnknownOrUnbounded) {
  const ArbInterval across_zero = enclosure_of_doubles<ArbInterval>(-1, 2);
  EXPECT_TRUE(log(across_zero).is_nan());
  EXPECT_TRUE(sqrt(enclosure_of_doubles<ArbInterval>(-1e-300, 2)).is_nan());
  const ArbInterval quotient = ArbInterval(1) / across_zero;
  EXPECT_FALSE(quotient.is_nan());
  EXPECT_FALSE(is_finite_value(quotient));
  EXPECT_TRUE((ArbInterval::unknown() + ArbInterval(1)).is_nan());
  EXPECT_TRUE(max_of(ArbInterval::unknown(), ArbInterval(1)).is_nan());
}

TEST(ArbInterval, NonNegativeEndsGiveBallsThatStayNonNegative) {
  // [0, 1/3] and [2^-700, 1]: as plain balls both would reach below 0, and sqrt would be unknown.
  set_working_precision(128);
  ArbInterval::set_precision(128);
  const ArbInterval third = ArbInterval(1) / ArbInterval(3);
  for (const ArbInterval& x : {max_of(third - third, ArbInterval(0)), enclosure_of_doubles<ArbInterval>(0x1p-700, 1),
                               abs(third - third)}) {
    EXPECT_GE(lower_end_of(x), 0) << text(x);
    EXPECT_TRUE(is_finite_value(sqrt(x))) << text(x);
  }
}

TEST(ArbInterval, ABallTimesItselfStaysNonNegative) {
  // [2^-12, 0.00073]: relative radius 0.5, above sqrt(2) - 1, where a ball's product with itself
  // (its factors taken as independent) reaches below 0; the square holds [lo^2, hi^2] and no less.
  set_working_precision(256);  // the ends' squares below exact
  ArbInterval::set_precision(64);
  const ArbInterval q = enclosure_of_doubles<ArbInterval>(0x1p-12, 0x1.7f8p-11);
  const Mpfr lo = lower_end_of(q), hi = upper_end_of(q);
  ArbInterval in_place = q;
  in_place *= in_place;
  for (const ArbInterval& square : {ArbInterval(q * q), in_place}) {
    EXPECT_GE(lower_end_of(square), 0) << text(square);
    EXPECT_LE(lower_end_of(square), lo * lo) << text(square);
    EXPECT_GE(upper_end_of(square), hi * hi) << text(square);
    EXPECT_TRUE(is_finite_value(sqrt(square))) << text(square);
  }
  set_working_precision(128);
}

TEST(ArbInterval, ExactResultsStayPoints) {
  ArbInterval::set_precision(128);
  set_working_precision(128);
  const ArbInterval a(0.375), b(-2.5);
  EXPECT_EQ(lower_end_of(a + b), upper_end_of(a + b));
  EXPECT_EQ(upper_end_of(a + b), Mpfr(-17) / 8);
  EXPECT_EQ(lower_end_of(exp(ArbInterval(0))), 1);
  EXPECT_EQ(upper_end_of(exp(ArbInterval(0))), 1);
  EXPECT_EQ(lower_end_of(ldexp(b, -3)), upper_end_of(ldexp(b, -3)));
  const Mpfr five_sevenths = Mpfr(5) / 7;
  EXPECT_EQ(lower_end_of(point_of<ArbInterval>(five_sevenths)), five_sevenths);
  EXPECT_EQ(upper_end_of(point_of<ArbInterval>(five_sevenths)), five_sevenths);
}

}  // namespace arb_interval_test
}  // namespace nb
