// The ticks of the reproduction's sweep figures: round numbers a reader can count in.
#include "reports/sweep_figure_scale.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace nb::reports {
namespace sweep_figure_scale_test {

// Significant digits of `v` as the shortest %g form up to 12 digits shows it (0.935 has 3).
int significant_digits(double v) {
  char buffer[40];
  for (int digits = 1; digits <= 12; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    if (std::abs(std::stod(buffer) - v) <= 1e-12 * std::max(1.0, std::abs(v))) return digits;
  }
  return 13;
}

// Whether `step` is 1, 2 or 5 times a power of ten.
bool one_two_five(double step) {
  const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
  for (double m : {1.0, 2.0, 5.0})
    if (std::abs(mantissa - m) < 1e-9) return true;
  return false;
}

void expect_round_ticks(const AxisRange& range, double lo, double hi) {
  const std::vector<double> ticks = axis_ticks(range);
  ASSERT_GE(ticks.size(), 2u) << "[" << lo << ", " << hi << "]";
  EXPECT_LE(ticks.size(), 7u);
  std::vector<double> values;
  for (double t : ticks) {
    EXPECT_GE(t, range.lo - 1e-12);
    EXPECT_LE(t, range.hi + 1e-12);
    values.push_back(range.log ? std::pow(10.0, t) : t);
    EXPECT_LE(significant_digits(values.back()), 3) << values.back() << " on [" << lo << ", " << hi << "]";
  }
  for (std::size_t k = 1; k < values.size(); ++k)
    EXPECT_TRUE(one_two_five(values[k] - values[k - 1])) << values[k] - values[k - 1];
}

TEST(SweepFigureTicks, AreOnAOneTwoFiveStepWithAtMostThreeSignificantDigits) {
  for (auto [lo, hi] : {std::pair{0.927, 0.953}, {0.0, 1.0}, {-3.7, 12.2}, {0.412, 0.853}, {17.0, 1030.0}})
    expect_round_ticks(AxisRange{lo, hi, false}, lo, hi);
}

TEST(SweepFigureTicks, OnALogAxisOfLessThanTwoDecadesAreOneTwoAndFiveTimesPowersOfTen) {
  std::vector<double> values;
  for (double t : axis_ticks(AxisRange{std::log10(0.9), std::log10(9), true})) values.push_back(std::pow(10.0, t));
  ASSERT_EQ(values.size(), 3u);
  EXPECT_NEAR(values[0], 1, 1e-12);
  EXPECT_NEAR(values[1], 2, 1e-12);
  EXPECT_NEAR(values[2], 5, 1e-12);
}

TEST(SweepFigureTicks, WithinADecadeOfALogAxisAreRoundValues) {
  expect_round_ticks(AxisRange{std::log10(0.927), std::log10(0.953), true}, 0.927, 0.953);
  expect_round_ticks(AxisRange{std::log10(2.1), std::log10(7.9), true}, 2.1, 7.9);
}

}  // namespace sweep_figure_scale_test
}  // namespace nb::reports
