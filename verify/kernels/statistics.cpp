#include "verify/kernels/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

// delta = (1 - confidence) / parts, enclosed (confidence is the exact double given).
template <class I>
I failure_probability(std::size_t n, std::size_t min_n, double confidence, unsigned parts) {
  if (n < min_n) throw InputError("a confidence interval needs at least " + std::to_string(min_n) + " samples");
  if (!(confidence > 0 && confidence < 1)) throw InputError("confidence must be in (0, 1)");
  return (I(1) - point_of<I>(confidence)) / I(parts);
}

template <class I>
I sample_mean(const std::vector<I>& samples) {
  I sum = I(0);
  for (const I& x : samples) sum += x;
  return sum / I(samples.size());
}

// [lo(center) - hi(half_width), hi(center) + hi(half_width)].
template <class I>
I widened(const I& center, const I& half_width) {
  const auto h = upper_end_of(half_width);
  return center + between(-h, h);
}

// The intersection of two enclosures of the same quantity; disjoint ones (possible only when one
// of them missed it) give their hull.
template <class I>
I intersection_or_hull(const I& a, const I& b) {
  const auto lo = max_of(lower_end_of(a), lower_end_of(b)), hi = min_of(upper_end_of(a), upper_end_of(b));
  if (lo <= hi) return between(lo, hi);
  return between(min_of(lower_end_of(a), lower_end_of(b)), max_of(upper_end_of(a), upper_end_of(b)));
}

// sum_k (x_k - mean)^2 over the sample enclosures, an interval whose upper end bounds it.
template <class I>
I squared_deviations(const std::vector<I>& samples, const I& mean) {
  I squares = I(0);
  for (const I& x : samples) {
    const I deviation = x - mean;
    squares += deviation * deviation;
  }
  return squares;
}

template <class I>
I hoeffding(std::size_t samples, const I& mean, const I& width, const I& delta) {
  const I n = I(samples);
  const I half_width = width * sqrt(log(I(2) / delta) / (I(2) * n));
  return widened(mean, half_width);
}

// `squares` as squared_deviations gives it.
template <class I>
I empirical_bernstein(std::size_t samples, const I& mean, const I& squares, const I& width, const I& delta) {
  const I n = I(samples);
  // The enclosure's lower end may dip below 0; only the upper end of V matters.
  const I variance = max_of(I(squares / (n - I(1))), I(0));
  const I log_term = log(I(4) / delta);
  const I half_width = sqrt(I(2) * variance * log_term / n) + I(7) * width * log_term / (I(3) * (n - I(1)));
  return widened(mean, half_width);
}

template <class R>
R point_mean(const std::vector<R>& samples, double confidence) {
  // The same preconditions as for the interval types.
  failure_probability<DoubleInterval>(samples.size(), 2, confidence, 1);
  R sum = R(0);
  for (const R& x : samples) sum += x;
  return sum / R(samples.size());
}

template <class I>
I both_intervals(std::size_t n, const I& mean, const I& squares, const I& range_width, double confidence) {
  const I half_delta = failure_probability<I>(n, 2, confidence, 2);
  return intersection_or_hull(hoeffding(n, mean, range_width, half_delta),
                              empirical_bernstein(n, mean, squares, range_width, half_delta));
}

template <class I>
I both_intervals(const std::vector<I>& samples, const I& range_width, double confidence) {
  failure_probability<I>(samples.size(), 2, confidence, 2);  // n >= 2 before the mean divides by n
  const I mean = sample_mean(samples);
  return both_intervals(samples.size(), mean, squared_deviations(samples, mean), range_width, confidence);
}

// Higham's gamma_m = m u / (1 - m u), u = 2^-53, enclosed.
DoubleInterval gamma(std::size_t m) {
  const DoubleInterval mu = DoubleInterval(m) * DoubleInterval(0x1p-53);
  return mu / (DoubleInterval(1) - mu);
}

}  // namespace

// The bounds of the plain sums (n samples, recursive summation in round to nearest, u = 2^-53,
// eta = 2^-1074; Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., (2.4), (4.4)):
//   the mean: s = fl(sum_k lo_k) and t = fl(sum_k |lo_k|) give |s - sum_k lo_k| <= g sum_k |lo_k|
//     <= g t / (1 - g), g = gamma_{n-1} (t errs by at most g sum_k |lo_k| too); the same for the
//     upper ends, and sum_k lo_k <= sum_k x_k <= sum_k hi_k for every point x_k of the enclosures;
//   the squares: the mean minimizes sum_k (x_k - c)^2 over c, so for any c (the midpoint of the
//     mean's enclosure) sum_k (x_k - mean)^2 <= sum_k a_k^2 with a_k = max(|lo_k - c|, |hi_k - c|)
//     >= |x_k - c| (a convex function's maximum on [lo_k, hi_k] is at an end). A difference rounds
//     to (1 + delta) times itself, |delta| <= u (subnormal differences are exact), so a_k <= a^_k /
//     (1 - u) for the computed a^_k; its square rounds to p_k with a^_k^2 <= (p_k + eta) / (1 - u);
//     and q = fl(sum_k p_k) of nonnegative terms gives sum_k p_k <= q / (1 - g). Hence
//     sum_k a_k^2 <= (q / (1 - g) + n eta) / (1 - u)^3, evaluated in DoubleInterval arithmetic.
// A sum that is not finite (an infinite or NaN sample) leaves the mean unknown.
SampleSums sums_of(const SampleEnclosures& samples) {
  const std::vector<double>&lo = samples.lower_ends(), &hi = samples.upper_ends();
  const std::size_t n = lo.size();
  SampleSums sums{n, DoubleInterval::unknown(), DoubleInterval::unknown()};
  if (n == 0) return sums;
  double s_lo = 0, t_lo = 0, s_hi = 0, t_hi = 0;
  for (std::size_t k = 0; k < n; ++k) {
    s_lo += lo[k];
    t_lo += std::abs(lo[k]);
    s_hi += hi[k];
    t_hi += std::abs(hi[k]);
  }
  if (!std::isfinite(t_lo) || !std::isfinite(t_hi)) return sums;
  const DoubleInterval g = gamma(n - 1), kept = DoubleInterval(1) - g;
  const DoubleInterval low_sum = DoubleInterval(s_lo) - g * DoubleInterval(t_lo) / kept;
  const DoubleInterval high_sum = DoubleInterval(s_hi) + g * DoubleInterval(t_hi) / kept;
  sums.mean = DoubleInterval::from_ends(low_sum.lower(), high_sum.upper()) / DoubleInterval(n);
  const double c = sums.mean.lower() / 2 + sums.mean.upper() / 2;
  double q = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double a = std::max(std::abs(lo[k] - c), std::abs(hi[k] - c));
    q += a * a;
  }
  const DoubleInterval kept_once = DoubleInterval(1) - DoubleInterval(0x1p-53);
  const DoubleInterval bound = (DoubleInterval(q) / kept + DoubleInterval(n) * DoubleInterval(0x1p-1074)) /
                               (kept_once * kept_once * kept_once);
  sums.squares = DoubleInterval::from_ends(0, std::isfinite(q) ? bound.upper() : DoubleInterval::kInf);
  return sums;
}

DoubleInterval mean_confidence_interval(const SampleEnclosures& samples, const DoubleInterval& range_width,
                                        double confidence) {
  failure_probability<DoubleInterval>(samples.size(), 2, confidence, 2);
  const SampleSums sums = sums_of(samples);
  if (sums.mean.is_nan()) return DoubleInterval::unknown();
  return both_intervals(sums.n, sums.mean, sums.squares, range_width, confidence);
}

template <class I>
I hoeffding_interval(const std::vector<I>& samples, const I& range_width, double confidence) {
  const I delta = failure_probability<I>(samples.size(), 1, confidence, 1);
  return hoeffding(samples.size(), sample_mean(samples), range_width, delta);
}

template <class I>
I empirical_bernstein_interval(const std::vector<I>& samples, const I& range_width, double confidence) {
  const I delta = failure_probability<I>(samples.size(), 2, confidence, 1);
  const I mean = sample_mean(samples);
  return empirical_bernstein(samples.size(), mean, squared_deviations(samples, mean), range_width, delta);
}

template Interval hoeffding_interval(const std::vector<Interval>&, const Interval&, double);
template DoubleInterval hoeffding_interval(const std::vector<DoubleInterval>&, const DoubleInterval&, double);
template Interval empirical_bernstein_interval(const std::vector<Interval>&, const Interval&, double);
template DoubleInterval empirical_bernstein_interval(const std::vector<DoubleInterval>&, const DoubleInterval&,
                                                     double);

template <>
Interval mean_confidence_interval<Interval>(const std::vector<Interval>& samples, const Interval& range_width,
                                            double confidence) {
  return both_intervals(samples, range_width, confidence);
}

template <>
DoubleInterval mean_confidence_interval<DoubleInterval>(const std::vector<DoubleInterval>& samples,
                                                        const DoubleInterval& range_width, double confidence) {
  return both_intervals(samples, range_width, confidence);
}

template <>
double mean_confidence_interval<double>(const std::vector<double>& samples, const double&, double confidence) {
  return point_mean(samples, confidence);
}

template <>
Mpfr mean_confidence_interval<Mpfr>(const std::vector<Mpfr>& samples, const Mpfr&, double confidence) {
  return point_mean(samples, confidence);
}

template <>
ExactReal mean_confidence_interval<ExactReal>(const std::vector<ExactReal>&, const ExactReal&, double) {
  return ExactReal::unknown("sampled statistic");
}

}  // namespace nb
