#include "verify/statistics.hpp"

#include <string>

#include "verify/errors.hpp"

namespace nb {
namespace {

// delta = (1 - confidence) / parts, enclosed (confidence is the exact double given).
Interval failure_probability(std::size_t n, std::size_t min_n, double confidence, unsigned parts) {
  if (n < min_n) throw InputError("a confidence interval needs at least " + std::to_string(min_n) + " samples");
  if (!(confidence > 0 && confidence < 1)) throw InputError("confidence must be in (0, 1)");
  return (Interval(1) - point_of<Interval>(confidence)) / Interval(parts);
}

Interval sample_mean(const std::vector<Interval>& samples) {
  Interval sum = Interval(0);
  for (const Interval& x : samples) sum += x;
  return sum / Interval(samples.size());
}

// [lo(center) - hi(half_width), hi(center) + hi(half_width)].
Interval widened(const Interval& center, const Interval& half_width) {
  const Mpfr h = upper_end_of(half_width);
  const Mpfr minus_h = -h;
  Interval plus_minus;
  mpfi_interv_fr(plus_minus.backend().data(), minus_h.backend().data(), h.backend().data());
  return center + plus_minus;
}

Interval hoeffding(const std::vector<Interval>& samples, const Interval& width, const Interval& delta) {
  const Interval n = Interval(samples.size());
  const Interval half_width = width * sqrt(log(Interval(2) / delta) / (Interval(2) * n));
  return widened(sample_mean(samples), half_width);
}

Interval empirical_bernstein(const std::vector<Interval>& samples, const Interval& width, const Interval& delta) {
  const Interval n = Interval(samples.size());
  const Interval mean = sample_mean(samples);
  Interval squares = Interval(0);
  for (const Interval& x : samples) {
    const Interval deviation = x - mean;
    squares += deviation * deviation;
  }
  // The enclosure's lower end may dip below 0; only the upper end of V matters.
  const Interval variance = max_of(squares / (n - Interval(1)), Interval(0));
  const Interval log_term = log(Interval(4) / delta);
  const Interval half_width =
      sqrt(Interval(2) * variance * log_term / n) + Interval(7) * width * log_term / (Interval(3) * (n - Interval(1)));
  return widened(mean, half_width);
}

template <class R>
R point_mean(const std::vector<R>& samples, double confidence) {
  failure_probability(samples.size(), 2, confidence, 1);  // the same preconditions as for Interval
  R sum = R(0);
  for (const R& x : samples) sum += x;
  return sum / R(samples.size());
}

}  // namespace

Interval hoeffding_interval(const std::vector<Interval>& samples, const Interval& range_width,
                            double confidence) {
  return hoeffding(samples, range_width, failure_probability(samples.size(), 1, confidence, 1));
}

Interval empirical_bernstein_interval(const std::vector<Interval>& samples, const Interval& range_width,
                                      double confidence) {
  return empirical_bernstein(samples, range_width, failure_probability(samples.size(), 2, confidence, 1));
}

template <>
Interval mean_confidence_interval<Interval>(const std::vector<Interval>& samples, const Interval& range_width,
                                            double confidence) {
  const Interval half_delta = failure_probability(samples.size(), 2, confidence, 2);
  const Interval a = hoeffding(samples, range_width, half_delta);
  const Interval b = empirical_bernstein(samples, range_width, half_delta);
  Interval both;
  mpfi_intersect(both.backend().data(), a.backend().data(), b.backend().data());
  // Disjoint intervals (possible only when one of them missed the mean): keep their hull.
  if (mpfi_is_empty(both.backend().data())) mpfi_union(both.backend().data(), a.backend().data(), b.backend().data());
  return both;
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
