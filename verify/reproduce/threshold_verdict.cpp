#include "verify/reproduce/threshold_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace nb::reproduce {

ClaimVerdict threshold_verdict(const UncertainStatistic& s, double threshold, bool holds_below) {
  // An unknown (NaN) end is an unbounded interval: it holds the threshold too.
  if (!(s.low > threshold) && !(s.high < threshold)) return ClaimVerdict::Fragile;
  return (s.high < threshold) == holds_below ? ClaimVerdict::Reproduced : ClaimVerdict::NotReproduced;
}

std::string margin_text(const UncertainStatistic& s, double threshold) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "margin %.3g to the threshold %.3g; interval [%.3g, %.3g]", s.estimate - threshold,
                threshold, s.low, s.high);
  return buffer;
}

UncertainStatistic ratio_with_uncertainty(double a, double b, double va, double vb, double cab) {
  const double ratio = a / b, spread = std::exp(2 * std::sqrt(std::max(0.0, va + vb - 2 * cab)));
  return {ratio, ratio / spread, ratio * spread};
}

}  // namespace nb::reproduce
