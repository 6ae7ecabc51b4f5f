#pragma once
// The two-sample Kolmogorov-Smirnov test (two-sided), for Algorithm 3's comparison of per-head
// means. Boost.Math 1.81 has only the one-sample asymptotic Kolmogorov distribution
// (boost/math/distributions/kolmogorov_smirnov.hpp), and no Debian library we can install beside
// Boost 1.81 has the two-sample test (python3-scipy conflicts with it here), so the p-value is:
//   n = m: exact, by the Gnedenko-Korolyuk formula
//          P(D >= h/n) = 2 sum_{j >= 1} (-1)^{j+1} C(2n, n - j h) / C(2n, n),
//          evaluated in the nested form scipy.stats.ks_2samp uses for equal sizes (method "exact");
//   n != m: Boost's asymptotic distribution at the effective size n m / (n + m) (scipy's "asymp"
//          for two-sided tests uses the same limit).
#include <vector>

namespace nb::reproduce {

struct KsResult {
  double statistic = 0;  // D = sup_x |F_a(x) - F_b(x)|
  double p_value = 1;
  bool exact = false;    // true: the exact equal-size formula
};

// Requires both samples non-empty and finite. Ties across the samples are handled as scipy does
// (the empirical distributions are compared at every pooled value, after all equal values).
KsResult two_sample_ks(std::vector<double> a, std::vector<double> b);

}  // namespace nb::reproduce
