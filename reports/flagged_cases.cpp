#include "reports/flagged_cases.hpp"

#include <algorithm>
#include <utility>

#include "verify/results/slack_order.hpp"

namespace nb::reports {

FlaggedCases flagged_cases(const TheoremResult& theorem, std::size_t top) {
  FlaggedCases f;
  for (const FlaggedCase& v : theorem.violations) f.violations.push_back(&v);
  f.violations_total = theorem.violations_total;
  std::vector<std::pair<SlackOrder, const CaseOutcome*>> tight;
  for (const CaseOutcome& o : theorem.outcomes) {
    switch (o.verdict) {
      case Verdict::ViolatedStatistical:
        if (f.statistical_violations.size() < top) f.statistical_violations.push_back(&o);
        break;
      case Verdict::NearTight:
      case Verdict::EqualExact:
      case Verdict::Tight: tight.emplace_back(slack_order(o.relative_slack), &o); break;
      case Verdict::Inconclusive:
      case Verdict::UndecidedStatistical:
      case Verdict::Refused:
        if (f.undecided.size() < top) f.undecided.push_back(&o);
        ++f.undecided_total;
        break;
      default: break;
    }
  }
  f.tight_total = tight.size();
  std::stable_sort(tight.begin(), tight.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  bool equal_shown = false;
  for (std::size_t i = 0; i < tight.size() && f.tightest.size() < top; ++i) {
    const bool equal = tight[i].second->verdict == Verdict::EqualExact;
    if (equal && equal_shown) continue;
    equal_shown = equal_shown || equal;
    f.tightest.push_back(tight[i].second);
  }
  return f;
}

}  // namespace nb::reports
