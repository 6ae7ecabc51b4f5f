#pragma once
// Confidence intervals for the mean of bounded i.i.d. samples: the evidence of statistical
// claims (Evidence::Statistical). Each sample is given as an Interval that encloses its exact
// value (a sample computed in interval arithmetic), and `range_width` is a certified upper bound
// on the width of an interval [a, b] that holds every possible sample value almost surely (only
// its upper end is used). Results are rounded outward, so the only uncertainty left is the
// stated sampling error: with probability at least `confidence` over the draw of the samples,
// the returned interval contains the exact expectation.
#include <cstddef>
#include <vector>

#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// Both interval types (Interval, DoubleInterval) are accepted below as I.

// Hoeffding's inequality, two-sided: mean +- w sqrt(ln(2/delta) / (2n)), delta = 1 - confidence.
// Requires n >= 1 and 0 < confidence < 1.
template <class I>
I hoeffding_interval(const std::vector<I>& samples, const I& range_width, double confidence);

// The empirical Bernstein bound of Maurer & Pontil (2009, Theorem 4), applied to X and -X with
// delta/2 each: mean +- (sqrt(2 V ln(4/delta) / n) + 7 w ln(4/delta) / (3 (n - 1))), where V is
// the unbiased sample variance (an upper bound of it over the sample enclosures). Much narrower
// than Hoeffding when the variance is small compared with w^2. Requires n >= 2.
template <class I>
I empirical_bernstein_interval(const std::vector<I>& samples, const I& range_width, double confidence);

// The estimate a statistical claim reports, written once for the number types:
//   Interval, DoubleInterval  the intersection of the Hoeffding and empirical Bernstein intervals, each at
//                 level 1 - delta/2 (so the intersection has level `confidence` by the union
//                 bound); requires n >= 2;
//   double, Mpfr              the sample mean (an uncertified point estimate, for screening);
//   ExactReal                 unknown: a sampled statistic has no exact value.
template <class R>
R mean_confidence_interval(const std::vector<R>& samples, const R& range_width, double confidence);

// Samples given as binary64 enclosures [lo_k, hi_k], kept as two plain arrays: a sampled
// expectation adds millions of them, and an interval sum per sample (with its outward rounding)
// cost more than the sample. The rounding of the plain sums is bounded once, when the statistics
// are taken (statistics.cpp, `sums_of`): the same enclosures of the exact mean and of an upper
// bound of sum_k (x_k - mean)^2, for every point x_k of the samples' enclosures, as the interval
// sums give, within some n 2^-53 of their size.
class SampleEnclosures {
 public:
  void reserve(std::size_t n) {
    lo_.reserve(n);
    hi_.reserve(n);
  }
  void add(double lo, double hi) {
    lo_.push_back(lo);
    hi_.push_back(hi);
  }
  std::size_t size() const { return lo_.size(); }
  const std::vector<double>& lower_ends() const { return lo_; }
  const std::vector<double>& upper_ends() const { return hi_; }

 private:
  std::vector<double> lo_, hi_;
};

// mean_confidence_interval<DoubleInterval> of the samples `samples` holds: the same intervals,
// from the bounded plain sums.
DoubleInterval mean_confidence_interval(const SampleEnclosures& samples, const DoubleInterval& range_width,
                                        double confidence);

// What the intervals read of the samples: n, an enclosure of their exact mean, and an upper
// bound of sum_k (x_k - mean)^2 (an interval whose upper end is that bound). Exposed for tests.
struct SampleSums {
  std::size_t n = 0;
  DoubleInterval mean, squares;
};
SampleSums sums_of(const SampleEnclosures& samples);

}  // namespace nb
