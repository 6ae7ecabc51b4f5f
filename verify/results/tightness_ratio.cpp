#include "verify/results/tightness_ratio.hpp"

#include <algorithm>

#include "verify/kernels/median.hpp"
#include "verify/results/slack_order.hpp"

namespace nb {

std::optional<double> log10_tightness_ratio(const CaseOutcome& o) {
  const bool certified = o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight ||
                         o.verdict == Verdict::EqualExact || o.verdict == Verdict::Violated;
  if (!certified || o.relation == Relation::Equal) return std::nullopt;
  const auto value = log10_of_positive_midpoint(o.value), bound = log10_of_positive_midpoint(o.bound);
  if (!value || !bound) return std::nullopt;
  const bool lower_bound = o.relation == Relation::GreaterEqual || o.relation == Relation::Greater;
  return lower_bound ? *bound - *value : *value - *bound;
}

std::optional<Log10RatioSpread> log10_ratio_spread(const std::vector<const CaseOutcome*>& cases) {
  std::vector<double> logs;
  for (const CaseOutcome* o : cases)
    if (const auto r = log10_tightness_ratio(*o)) logs.push_back(*r);
  return log10_ratio_spread(std::move(logs));
}

std::optional<Log10RatioSpread> log10_ratio_spread(std::vector<double> logs) {
  if (logs.empty()) return std::nullopt;
  std::sort(logs.begin(), logs.end());
  return Log10RatioSpread{logs.size(), logs.front(), median_of_sorted(logs), logs.back()};
}

}  // namespace nb
