#pragma once
// A claim's statistic judged against its threshold with the statistic's uncertainty, so that a
// verdict the uncertainty could flip is reported FRAGILE with its margin, never as a plain pass
// or fail.
#include <string>

#include "verify/reproduce/claim.hpp"

namespace nb::reproduce {

// The estimate and an interval around it: a 95% confidence interval, or the estimate within two
// standard errors.
struct UncertainStatistic {
  double estimate = 0, low = 0, high = 0;
};

// REPRODUCED when the whole interval lies on the claim's side of the threshold (below it when
// `holds_below`, else above), NOT REPRODUCED when it lies wholly on the other side, FRAGILE when
// the threshold is inside the interval or an end is unknown (NaN).
ClaimVerdict threshold_verdict(const UncertainStatistic& s, double threshold, bool holds_below);

// "margin X to the threshold T; interval [lo, hi]": the basis of a threshold verdict.
std::string margin_text(const UncertainStatistic& s, double threshold);

// A ratio a/b of two means whose relative (co)variances are va = var(a)/a^2, vb and
// cab = cov(a, b)/(a b): the estimate within exp(+-2 sqrt(va + vb - 2 cab)), the delta method on the
// log scale (so that the interval stays positive); cab is 0 for means over independent rows.
UncertainStatistic ratio_with_uncertainty(double a, double b, double va, double vb, double cab);

}  // namespace nb::reproduce
