#include "verify/reproduce/two_sample_ks.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/kolmogorov_smirnov.hpp>

namespace nb::reproduce {
namespace {

// P(D_{n,n} >= h/n) for h >= 1 (scipy's _compute_prob_outside_square).
double probability_outside_square(long n, long h) {
  double P = 0;
  for (long k = n / h; k >= 0; --k) {
    double p1 = 1;
    for (long j = 0; j < h; ++j) p1 = static_cast<double>(n - k * h - j) * p1 / static_cast<double>(n + k * h + j + 1);
    P = p1 * (1 - P);
  }
  return std::clamp(2 * P, 0.0, 1.0);
}

}  // namespace

KsResult two_sample_ks(std::vector<double> a, std::vector<double> b) {
  if (a.empty() || b.empty()) throw std::invalid_argument("two_sample_ks needs two non-empty samples");
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const double n = static_cast<double>(a.size()), m = static_cast<double>(b.size());
  KsResult r;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const double x = std::min(a[i], b[j]);
    while (i < a.size() && a[i] == x) ++i;
    while (j < b.size() && b[j] == x) ++j;
    r.statistic = std::max(r.statistic, std::abs(static_cast<double>(i) / n - static_cast<double>(j) / m));
  }
  if (a.size() == b.size()) {
    const long h = std::lround(r.statistic * n);
    r.p_value = h == 0 ? 1.0 : probability_outside_square(static_cast<long>(a.size()), h);
    r.exact = true;
  } else {
    const double effective = n * m / (n + m);
    boost::math::kolmogorov_smirnov_distribution<double> limit(effective);
    r.p_value = boost::math::cdf(boost::math::complement(limit, r.statistic));
  }
  return r;
}

}  // namespace nb::reproduce
