// Interval arithmetic must enclose the exact result. Reference values come from MPFR at 1000
// bits; the inputs are random binary64 values (exact in every precision >= 53), with the seed
// printed so a failure replays. In the manner of Boost.Math's accuracy tests the worst width
// is reported in units of the working precision's epsilon.
#include <cmath>
#include <functional>
#include <iostream>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {
namespace interval_enclosure_test {

struct Function {
  const char* name;
  std::function<Interval(const Interval&)> interval;
  std::function<Mpfr(const Mpfr&)> reference;
  double lo, hi;  // input range
};

TEST(IntervalEnclosure, ElementaryFunctionsContainThousandBitReferences) {
  const std::uint64_t seed = 20251129;
  std::cout << "seed " << seed << "\n";
  const std::vector<Function> functions = {
      {"exp", [](const Interval& x) { return Interval(exp(x)); }, [](const Mpfr& x) { return Mpfr(exp(x)); }, -700, 700},
      {"log", [](const Interval& x) { return Interval(log(x)); }, [](const Mpfr& x) { return Mpfr(log(x)); }, 1e-300, 1e300},
      {"sqrt", [](const Interval& x) { return Interval(sqrt(x)); }, [](const Mpfr& x) { return Mpfr(sqrt(x)); }, 0, 1e300},
      {"x/3", [](const Interval& x) { return Interval(x / 3); }, [](const Mpfr& x) { return Mpfr(x / 3); }, -1e10, 1e10},
  };
  for (unsigned bits : {53u, 128u, 512u}) {
    for (const auto& f : functions) {
      random::Rng rng(seed + bits);
      double worst_ulps = 0, worst_input = 0;
      for (int k = 0; k < 500; ++k) {
        const double x = random::uniform(rng, f.lo, f.hi);
        set_working_precision(1000);
        const Mpfr reference = f.reference(point_of<Mpfr>(x));
        const unsigned p = set_working_precision(bits);
        const Interval y = f.interval(point_of<Interval>(x));
        set_working_precision(1000);
        Interval y1000;
        mpfi_set(y1000.backend().data(), y.backend().data());
        ASSERT_TRUE(lower_end_of(y1000) <= reference && reference <= upper_end_of(y1000))
            << f.name << "(" << x << ") at " << p << " bits: " << y << " misses " << reference;
        const Mpfr width_ulps = (upper_end_of(y1000) - lower_end_of(y1000)) / abs(reference) * ldexp(Mpfr(1), static_cast<int>(p));
        if (width_ulps.convert_to<double>() > worst_ulps) {
          worst_ulps = width_ulps.convert_to<double>();
          worst_input = x;
        }
      }
      std::cout << f.name << " at " << bits << " bits: worst width " << worst_ulps << " eps at x = " << worst_input << "\n";
      EXPECT_LE(worst_ulps, 4.0) << f.name << ": an elementary function should enclose within a few ulps";
    }
  }
}

TEST(IntervalEnclosure, MaxAndMinEncloseThePointwiseExtremes) {
  set_working_precision(128);
  Interval a, b;
  mpfi_interv_si(a.backend().data(), -1, 3);
  mpfi_interv_si(b.backend().data(), 0, 2);
  const Interval hi = max_of(a, b), lo = min_of(a, b);
  EXPECT_EQ(lower_end_of(hi), 0);
  EXPECT_EQ(upper_end_of(hi), 3);
  EXPECT_EQ(lower_end_of(lo), -1);
  EXPECT_EQ(upper_end_of(lo), 2);
}

// nb::product (coefficient-wise) encloses the exact product, on sizes on both sides of the size at
// which Eigen's own products switch to blocked kernels.
TEST(IntervalEnclosure, ProductEnclosesTheExactProduct) {
  set_working_precision(128);
  for (const Eigen::Index n : {7, 40}) {
    Matrix<Interval> A(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) A(i, j) = Interval(static_cast<int>(i + 2 * j + 1)) / 7;
    const Matrix<Interval> B = product(A.transpose(), A);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) {
        Mpfr exact = 0;
        for (Eigen::Index k = 0; k < n; ++k) exact += Mpfr(static_cast<int>((k + 2 * i + 1) * (k + 2 * j + 1)));
        exact /= 49;
        ASSERT_TRUE(is_finite_value(B(i, j))) << "n = " << n << ", entry " << i << "," << j;
        EXPECT_TRUE(lower_end_of(B(i, j)) <= exact && exact <= upper_end_of(B(i, j))) << i << "," << j;
      }
  }
}

// Under Boost 1.74 assigning an MPFI number to itself left NaN; Boost 1.81 fixed it.
TEST(IntervalEnclosure, SelfAssignmentKeepsTheValue) {
  set_working_precision(128);
  Interval z = Interval(1) / 3;
  const Interval& same = z;
  z = same;
  ASSERT_TRUE(is_finite_value(z));
  const Mpfr third = Mpfr(1) / 3;  // rounded to nearest: one of the ends of the enclosure of 1/3
  EXPECT_TRUE(lower_end_of(z) <= third && third <= upper_end_of(z));
  EXPECT_LT(upper_end_of(z) - lower_end_of(z), ldexp(Mpfr(1), -120));
}

// Boost 1.81 still gives [0, 0] for numeric_limits<mpfi>::quiet_NaN(): not_a_number is needed.
TEST(IntervalEnclosure, NotANumberIsNaNWhereNumericLimitsIsNot) {
  set_working_precision(128);
  EXPECT_FALSE(is_finite_value(not_a_number<Interval>()));
  EXPECT_TRUE(is_finite_value(std::numeric_limits<Interval>::quiet_NaN()))
      << "Boost now returns a NaN interval: not_a_number<Interval> could use numeric_limits";
}

TEST(WorkingPrecision, ReportsAtLeastTheRequestedBits) {
  for (unsigned bits : {16u, 53u, 128u, 2048u}) {
    const unsigned got = set_working_precision(bits);
    EXPECT_GE(got, bits);
    EXPECT_LE(got, bits + 8);
    EXPECT_EQ(working_precision(), got);
  }
}

}  // namespace interval_enclosure_test
}  // namespace nb

namespace nb {
namespace interval_enclosure_test {

TEST(NotANumber, IsRecognizedAsUnknownInEveryType) {
  set_working_precision(128);
  EXPECT_FALSE(is_finite_value(not_a_number<double>()));
  EXPECT_FALSE(is_finite_value(not_a_number<Mpfr>()));
  EXPECT_FALSE(is_finite_value(not_a_number<Interval>()));
  EXPECT_FALSE(is_finite_value(Interval(Interval(1) - not_a_number<Interval>())));
  EXPECT_FALSE(is_finite_value(Interval(Interval(0) / Interval(0))));
  // max/min must not drop an unknown operand (mpfr_max and std::max do).
  EXPECT_FALSE(is_finite_value(max_of(Interval(1), not_a_number<Interval>())));
  EXPECT_FALSE(is_finite_value(min_of(not_a_number<Interval>(), Interval(1))));
  EXPECT_FALSE(is_finite_value(max_of(Mpfr(1), not_a_number<Mpfr>())));
  EXPECT_FALSE(is_finite_value(min_of(1.0, not_a_number<double>())));
}

}  // namespace interval_enclosure_test
}  // namespace nb
