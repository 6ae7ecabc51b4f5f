// The two-sample KS test of Algorithm 3 against independent computations: the p-value for equal
// sizes against the permutation distribution of D enumerated over every split of the pooled
// sample (exact for samples without ties), the statistic against hand-computed values, and the
// asymptotic p-value for unequal sizes against Kolmogorov's series written out here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "verify/reproduce/two_sample_ks.hpp"

namespace nb::reproduce {
namespace {

double statistic_by_definition(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> pooled(a);
  pooled.insert(pooled.end(), b.begin(), b.end());
  double d = 0;
  for (double x : pooled) {
    const double fa = static_cast<double>(std::count_if(a.begin(), a.end(), [&](double v) { return v <= x; })) / a.size();
    const double fb = static_cast<double>(std::count_if(b.begin(), b.end(), [&](double v) { return v <= x; })) / b.size();
    d = std::max(d, std::abs(fa - fb));
  }
  return d;
}

// P(D >= observed) over all C(2n, n) ways to split the pooled sample into two halves.
double permutation_p_value(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> pooled(a);
  pooled.insert(pooled.end(), b.begin(), b.end());
  const double observed = statistic_by_definition(a, b);
  std::vector<int> in_a(pooled.size(), 0);
  std::fill(in_a.begin(), in_a.begin() + static_cast<std::ptrdiff_t>(a.size()), 1);
  std::sort(in_a.begin(), in_a.end());
  std::size_t total = 0, extreme = 0;
  do {
    std::vector<double> x, y;
    for (std::size_t i = 0; i < pooled.size(); ++i) (in_a[i] ? x : y).push_back(pooled[i]);
    ++total;
    extreme += statistic_by_definition(x, y) >= observed - 1e-12;
  } while (std::next_permutation(in_a.begin(), in_a.end()));
  return static_cast<double>(extreme) / static_cast<double>(total);
}

TEST(TwoSampleKs, StatisticMatchesTheDefinition) {
  EXPECT_DOUBLE_EQ(two_sample_ks({1, 2, 3}, {4, 5, 6}).statistic, 1.0);
  EXPECT_DOUBLE_EQ(two_sample_ks({1, 3, 5, 7}, {2, 4, 6, 8}).statistic, 0.25);
  const std::vector<double> a{0.3, -1.2, 2.5, 0.9, 0.1, 4.0}, b{1.1, 0.35, -0.5, 3.3, 2.2, 0.95, 5.0};
  EXPECT_DOUBLE_EQ(two_sample_ks(a, b).statistic, statistic_by_definition(a, b));
}

TEST(TwoSampleKs, TiesAreComparedAfterAllEqualValues) {
  // F_a and F_b at 1: both 1/2 after both ones; stepping through a's 1 alone would give 1/2 - 0.
  EXPECT_DOUBLE_EQ(two_sample_ks({1, 2}, {1, 3}).statistic, statistic_by_definition({1, 2}, {1, 3}));
}

TEST(TwoSampleKs, EqualSizesGiveTheExactPermutationPValue) {
  const std::vector<std::vector<double>> samples{
      {0.11, 0.52, 0.93, 1.34, 1.75, 2.16, 2.57}, {0.3, 0.7, 1.9, 2.8, 3.1, 3.5, 4.2},
      {5.0, 6.1, 7.2, 8.3, 9.4, 10.5, 11.6},      {0.4, 0.6, 0.8, 1.0, 1.2, 1.45, 1.6}};
  for (const auto& a : samples)
    for (const auto& b : samples) {
      if (&a == &b) continue;
      for (std::size_t n : {3u, 5u, 7u}) {
        const std::vector<double> x(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n)),
            y(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
        const KsResult r = two_sample_ks(x, y);
        EXPECT_TRUE(r.exact);
        EXPECT_NEAR(r.p_value, permutation_p_value(x, y), 1e-12) << "n = " << n;
      }
    }
}

TEST(TwoSampleKs, IdenticalSamplesDoNotReject) {
  const KsResult r = two_sample_ks({1, 2, 3, 4}, {1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(r.statistic, 0);
  EXPECT_DOUBLE_EQ(r.p_value, 1);
}

TEST(TwoSampleKs, UnequalSizesUseKolmogorovsLimit) {
  const std::vector<double> a{0.1, 0.4, 0.45, 0.9, 1.3, 1.7, 2.2, 2.9, 3.0, 3.6},
      b{0.5, 1.0, 1.1, 1.5, 2.5, 2.6, 3.3, 3.8, 4.1, 4.4, 4.8, 5.2, 5.9, 6.1};
  const KsResult r = two_sample_ks(a, b);
  EXPECT_FALSE(r.exact);
  const double lambda = std::sqrt(10.0 * 14.0 / 24.0) * r.statistic;
  double q = 0;  // Q(lambda) = 2 sum_{k >= 1} (-1)^{k-1} exp(-2 k^2 lambda^2)
  for (int k = 1; k < 100; ++k) q += 2 * (k % 2 ? 1 : -1) * std::exp(-2.0 * k * k * lambda * lambda);
  EXPECT_NEAR(r.p_value, q, 1e-10);
}

}  // namespace
}  // namespace nb::reproduce
