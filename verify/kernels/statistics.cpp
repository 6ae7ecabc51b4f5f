#include "verify/kernels/statistics.hpp"

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

template <class I>
I hoeffding(const std::vector<I>& samples, const I& width, const I& delta) {
  const I n = I(samples.size());
  const I half_width = width * sqrt(log(I(2) / delta) / (I(2) * n));
  return widened(sample_mean(samples), half_width);
}

template <class I>
I empirical_bernstein(const std::vector<I>& samples, const I& width, const I& delta) {
  const I n = I(samples.size());
  const I mean = sample_mean(samples);
  I squares = I(0);
  for (const I& x : samples) {
    const I deviation = x - mean;
    squares += deviation * deviation;
  }
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
I both_intervals(const std::vector<I>& samples, const I& range_width, double confidence) {
  const I half_delta = failure_probability<I>(samples.size(), 2, confidence, 2);
  return intersection_or_hull(hoeffding(samples, range_width, half_delta),
                              empirical_bernstein(samples, range_width, half_delta));
}

}  // namespace

template <class I>
I hoeffding_interval(const std::vector<I>& samples, const I& range_width, double confidence) {
  return hoeffding(samples, range_width, failure_probability<I>(samples.size(), 1, confidence, 1));
}

template <class I>
I empirical_bernstein_interval(const std::vector<I>& samples, const I& range_width, double confidence) {
  return empirical_bernstein(samples, range_width, failure_probability<I>(samples.size(), 2, confidence, 1));
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
