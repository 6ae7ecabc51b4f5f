// Confidence intervals for bounded means: hand-computed half-widths, enclosure of interval
// samples, and coverage at the stated level over many seeds (which a half-width that is too
// small by a factor 2 would fail).
#include <cmath>

#include <boost/random/bernoulli_distribution.hpp>
#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/statistics.hpp"

namespace nb {
namespace {

double lo(const Interval& x) { return -upper_end_of(Interval(-x)).convert_to<double>(); }
double hi(const Interval& x) { return upper_end_of(x).convert_to<double>(); }

std::vector<Interval> points(const std::vector<double>& xs) {
  std::vector<Interval> v;
  for (double x : xs) v.push_back(point_of<Interval>(x));
  return v;
}

class Statistics : public ::testing::Test {
 protected:
  void SetUp() override { set_working_precision(128); }
};

TEST_F(Statistics, HoeffdingHalfWidthIsTheFormula) {
  const std::vector<Interval> s = points({0, 1, 0, 1});  // mean 1/2, n = 4
  const Interval ci = hoeffding_interval(s, Interval(1), 0.95);
  const double half = std::sqrt(std::log(2 / 0.05) / 8);  // w sqrt(ln(2/delta) / (2n))
  EXPECT_NEAR(lo(ci), 0.5 - half, 1e-12);
  EXPECT_NEAR(hi(ci), 0.5 + half, 1e-12);
  EXPECT_LT(lo(ci), 0.5 - half + 1e-15);  // outward: never narrower than the formula
}

TEST_F(Statistics, EmpiricalBernsteinHalfWidthIsTheFormula) {
  const std::vector<Interval> s = points({0, 1, 0, 1});  // unbiased sample variance 1/3
  const Interval ci = empirical_bernstein_interval(s, Interval(1), 0.9);
  const double l = std::log(4 / 0.1);
  const double half = std::sqrt(2 * (1.0 / 3) * l / 4) + 7 * l / (3 * 3);
  EXPECT_NEAR(hi(ci) - 0.5, half, 1e-12);
  EXPECT_NEAR(0.5 - lo(ci), half, 1e-12);
}

TEST_F(Statistics, EmpiricalBernsteinIsNarrowWhenTheVarianceIsSmall) {
  std::vector<double> xs(20000, 0.5);
  xs[0] = 0.5000001;
  const Interval eb = empirical_bernstein_interval(points(xs), Interval(1), 0.999);
  const Interval h = hoeffding_interval(points(xs), Interval(1), 0.999);
  EXPECT_LT(hi(eb) - lo(eb), 0.1 * (hi(h) - lo(h)));
  // The combination runs both at level 1 - delta/2 and keeps their intersection.
  const Interval both = mean_confidence_interval(points(xs), Interval(1), 0.999);
  const Interval eb_half = empirical_bernstein_interval(points(xs), Interval(1), 0.9995);
  EXPECT_TRUE(mpfi_is_inside(both.backend().data(), eb_half.backend().data()));
}

TEST_F(Statistics, IntervalSamplesWidenTheInterval) {
  std::vector<Interval> s = points({0.25, 0.75});
  Interval wide;
  mpfi_interv_d(wide.backend().data(), 0.0, 1.0);
  s.push_back(wide);  // a sample known only to lie in [0, 1]
  const Interval ci = hoeffding_interval(s, Interval(1), 0.5);
  const double half = std::sqrt(std::log(4.0) / 6);
  EXPECT_NEAR(lo(ci), 1.0 / 3 - half, 1e-12);  // the mean of the lower ends
  EXPECT_NEAR(hi(ci), 2.0 / 3 + half, 1e-12);  // the mean of the upper ends
}

TEST_F(Statistics, PointTypesGiveTheSampleMean) {
  EXPECT_DOUBLE_EQ(mean_confidence_interval<double>({1, 2, 6}, 10, 0.99), 3);
  EXPECT_EQ(mean_confidence_interval<Mpfr>({Mpfr(1), Mpfr(2)}, Mpfr(1), 0.99), Mpfr(3) / 2);
}

TEST_F(Statistics, RefusesTooFewSamplesAndBadLevels) {
  EXPECT_THROW(empirical_bernstein_interval(points({1}), Interval(1), 0.9), InputError);
  EXPECT_THROW(hoeffding_interval({}, Interval(1), 0.9), InputError);
  EXPECT_THROW(hoeffding_interval(points({1}), Interval(1), 1.0), InputError);
  EXPECT_THROW(mean_confidence_interval<double>({1, 2}, 1, 0.0), InputError);
}

// Fraction of 2000 seeds whose interval misses the mean 1/2 of Bernoulli(1/2) samples, n = 40.
template <class Make>
double miss_rate(Make make) {
  int misses = 0;
  for (int seed = 0; seed < 2000; ++seed) {
    random::Rng rng(static_cast<std::uint64_t>(seed) * 7919 + 1);
    boost::random::bernoulli_distribution<double> coin(0.5);
    std::vector<double> xs(40);
    for (double& x : xs) x = coin(rng) ? 1.0 : 0.0;
    const Interval ci = make(points(xs));
    if (!(lo(ci) <= 0.5 && 0.5 <= hi(ci))) ++misses;
  }
  return misses / 2000.0;
}

TEST_F(Statistics, CoverageAtTheStatedLevel) {
  // Level 0.8: a correct interval misses at most 20% of the time (Hoeffding misses about 4% here).
  // Halving its half-width makes it miss about 27%: the check has the power to catch that.
  EXPECT_LE(miss_rate([](const auto& s) { return hoeffding_interval(s, Interval(1), 0.8); }), 0.2);
  EXPECT_LE(miss_rate([](const auto& s) { return empirical_bernstein_interval(s, Interval(1), 0.8); }), 0.2);
  EXPECT_LE(miss_rate([](const auto& s) { return mean_confidence_interval(s, Interval(1), 0.8); }), 0.2);
  const double halved = miss_rate([](const auto& s) {
    const Interval ci = hoeffding_interval(s, Interval(1), 0.8);
    const double mid = (lo(ci) + hi(ci)) / 2, half = (hi(ci) - lo(ci)) / 4;
    Interval narrow;
    mpfi_interv_d(narrow.backend().data(), mid - half, mid + half);
    return narrow;
  });
  EXPECT_GT(halved, 0.2) << "the coverage check must be able to fail";
}

}  // namespace
}  // namespace nb
