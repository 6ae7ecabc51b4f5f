// The plain sums of sample enclosures (SampleEnclosures, sums_of and mean_confidence_interval in
// verify/kernels/statistics.hpp) against MPFI at 2400 bits, where the sums of binary64 numbers and
// of their squares are exact at every magnitude used: on random samples at scales 2^-1000 to
// 2^500, intervals and points, ties (all samples equal), cancellation (a large common part and
// small differences) and samples whose squares underflow (where a bound without its underflow
// term is 0 below a positive sum), the enclosure of the mean holds the exact mean of every point
// of the samples' enclosures tried (their ends and random points), the bound of
// sum_k (x_k - mean)^2 is at least its exact value there, and the confidence interval is that of
// the interval sums (mean_confidence_interval over DoubleInterval samples) within a relative
// 2^-24 of its half-width.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "verify/kernels/statistics.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {
namespace {

double lower_of(const Interval& x) { return -upper_end_of(Interval(-x)).convert_to<double>(); }

// Checks sums_of(samples) at the points xs (one per sample, inside its enclosure).
void expect_encloses(const SampleEnclosures& samples, const SampleSums& sums, const std::vector<double>& xs) {
  Interval total(0);
  for (const double x : xs) total += Interval(x);
  const Interval mean = total / Interval(static_cast<double>(xs.size()));
  Interval squares(0);
  for (const double x : xs) squares += (Interval(x) - mean) * (Interval(x) - mean);
  ASSERT_LE(sums.mean.lower(), upper_end_of(mean).convert_to<double>()) << "the mean's lower end";
  ASSERT_GE(sums.mean.upper(), lower_of(mean)) << "the mean's upper end";
  ASSERT_GE(sums.squares.upper(), lower_of(squares)) << "the bound of the squared deviations, n " << samples.size();
}

std::vector<double> ends(const SampleEnclosures& samples, bool upper) {
  return upper ? samples.upper_ends() : samples.lower_ends();
}

TEST(SampleSums, EncloseTheExactStatisticsAtEveryScale) {
  set_working_precision(2400);
  std::mt19937_64 rng(2508);
  std::normal_distribution<double> g;
  std::uniform_int_distribution<int> scale_of(-1000, 500), size_of(2, 3000), shape_of(0, 4);
  std::uniform_real_distribution<double> unit;
  for (int trial = 0; trial < 300; ++trial) {
    const double scale = std::ldexp(1.0, scale_of(rng));
    const std::size_t n = static_cast<std::size_t>(size_of(rng));
    const int shape = shape_of(rng);  // 0 points, 1 intervals, 2 ties, 3 cancellation, 4 underflowing squares
    SampleEnclosures samples;
    const double common = g(rng) * scale;
    for (std::size_t k = 0; k < n; ++k) {
      double x = g(rng) * scale, r = 0;
      if (shape == 1) r = std::abs(g(rng)) * scale * 0x1p-20;
      if (shape == 2) x = common;
      if (shape == 3) x = common * 0x1p30 + g(rng) * scale;
      if (shape == 4) x = k % 2 ? 0 : 0x1p-600;
      samples.add(x - r, x + r);
    }
    const SampleSums sums = sums_of(samples);
    ASSERT_EQ(sums.n, n);
    expect_encloses(samples, sums, ends(samples, false));
    expect_encloses(samples, sums, ends(samples, true));
    std::vector<double> inside(n);
    for (std::size_t k = 0; k < n; ++k) {
      const double lo = samples.lower_ends()[k], hi = samples.upper_ends()[k];
      inside[k] = std::min(hi, lo + (hi - lo) * unit(rng));
    }
    expect_encloses(samples, sums, inside);
  }
}

TEST(SampleSums, GiveTheConfidenceIntervalOfTheIntervalSums) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g;
  for (int trial = 0; trial < 40; ++trial) {
    const double scale = std::ldexp(1.0, trial - 20);
    SampleEnclosures samples;
    std::vector<DoubleInterval> intervals;
    for (int k = 0; k < 20000; ++k) {
      const double x = 3 * scale + g(rng) * scale, r = trial % 2 ? scale * 0x1p-45 : 0;
      samples.add(x - r, x + r);
      intervals.push_back(DoubleInterval::from_ends(x - r, x + r));
    }
    const DoubleInterval width(20 * scale);
    const DoubleInterval got = mean_confidence_interval(samples, width, 0.999);
    const DoubleInterval want = mean_confidence_interval(intervals, width, 0.999);
    const double half_width = (want.upper() - want.lower()) / 2;
    EXPECT_NEAR(got.lower(), want.lower(), half_width * 0x1p-24) << "scale 2^" << trial - 20;
    EXPECT_NEAR(got.upper(), want.upper(), half_width * 0x1p-24) << "scale 2^" << trial - 20;
  }
}

TEST(SampleSums, LeaveTheMeanUnknownAtAnUnknownSample) {
  SampleEnclosures samples;
  samples.add(1, 2);
  samples.add(NAN, NAN);
  EXPECT_TRUE(mean_confidence_interval(samples, DoubleInterval(4), 0.99).is_nan());
}

}  // namespace
}  // namespace nb
