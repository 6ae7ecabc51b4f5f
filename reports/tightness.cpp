#include "reports/tightness.hpp"

#include <algorithm>
#include <vector>

#include "verify/results/slack_order.hpp"
#include "verify/kernels/median.hpp"

namespace nb::reports {

bool certified_to_hold(Verdict v) { return v == Verdict::Proven || v == Verdict::NearTight; }

Tightness tightness_of(const TheoremResult& theorem) {
  Tightness t;
  if (theorem.worst_case) t.worst_case = &*theorem.worst_case;
  if (theorem.kept) {  // bounded results: the median their keeper took over every case
    t.median_cases = theorem.kept->median_cases;
    t.median_log10_relative_slack = theorem.kept->median_log10_relative_slack;
    return t;
  }
  std::vector<double> logs;
  for (const CaseOutcome& o : theorem.outcomes)
    if (certified_to_hold(o.verdict))
      if (const auto log10 = log10_of_positive_midpoint(o.relative_slack)) logs.push_back(*log10);
  t.median_cases = logs.size();
  if (!logs.empty()) t.median_log10_relative_slack = median_of(std::move(logs));
  return t;
}

}  // namespace nb::reports
