// Exact rationals to number types: double is rounded to nearest once (also below 2^-1022, where
// a 53-bit rounding followed by a subnormal one would round twice), Interval encloses, and the
// generic path (used for any further number type) is numerator / denominator in that type.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "verify/numbers/rational.hpp"

namespace nb {
namespace {

Rational power_of_two(int e) {
  Rational q(1);
  return e >= 0 ? Rational(q * pow(Integer(2), static_cast<unsigned>(e))) : Rational(q / pow(Integer(2), static_cast<unsigned>(-e)));
}

TEST(RationalTo, DoubleIsRoundedToNearestEvenOnce) {
  EXPECT_EQ(rational_to<double>(Rational(1, 3)), 1.0 / 3);
  EXPECT_EQ(rational_to<double>(Rational(-2, 3)), -2.0 / 3);
  const double tiny = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(rational_to<double>(Rational(3) * power_of_two(-1076)), tiny) << "3/4 of the smallest subnormal";
  EXPECT_EQ(rational_to<double>(power_of_two(-1075)), 0.0) << "half of it: the tie goes to even, 0";
  EXPECT_EQ(rational_to<double>(Rational(3) * power_of_two(-1075)), 2 * tiny) << "1.5: the tie goes to even, 2";
  // 2^-1074 (1 + 2^-60): rounded to 53 bits it is 2^-1074, and so as a subnormal; but
  // 2^-1075 (1 + 2^-60) rounded to 53 bits is 2^-1075, a tie that would then go to 0.
  EXPECT_EQ(rational_to<double>(power_of_two(-1075) * (Rational(1) + power_of_two(-60))), tiny);
  EXPECT_EQ(rational_to<double>(power_of_two(1024)), std::numeric_limits<double>::infinity());
  EXPECT_EQ(integer_to<double>(Integer(1) << 60), std::ldexp(1.0, 60));
}

TEST(RationalTo, IntervalEnclosesAndMpfrRoundsToNearest) {
  set_working_precision(128);
  const Interval tenth = rational_to<Interval>(Rational(1, 10)) * 10;
  EXPECT_TRUE(lower_end_of(tenth) <= 1 && 1 <= upper_end_of(tenth));
  EXPECT_EQ(rational_to<Mpfr>(Rational(1, 10)), Mpfr(1) / 10) << "both correctly rounded";
  const Interval big = integer_to<Interval>(Integer(1) << 200);
  EXPECT_EQ(lower_end_of(big), upper_end_of(big)) << "a power of two is exact at any precision";
}

TEST(RationalTo, GenericPathIsNumeratorOverDenominatorInTheType) {
  // long double stands for a number type without a specialization.
  EXPECT_NEAR(static_cast<double>(rational_to<long double>(Rational(1, 3)) - 1.0L / 3), 0.0, 1e-18);
  const Integer large = (Integer(1) << 100) + 12345;
  EXPECT_EQ(integer_to<long double>(large), std::ldexp(1.0L, 100) + 12345.0L);
  EXPECT_EQ(integer_to<long double>(Integer(-7)), -7.0L);
  EXPECT_EQ(integer_to<long double>(Integer(0)), 0.0L);
}

}  // namespace
}  // namespace nb
