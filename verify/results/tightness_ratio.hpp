#pragma once
// How tight a bound is on a case: the tightness ratio of its deciding claim, value/bound for an upper
// bound (<=, <) and bound/value for a lower bound (>=, >), 1 where the bound is attained and 10^-k
// where it is k decades looser than the value; and the spread of the ratios over a group of cases
// (the cases of one head of a model). The looseness block (source_looseness.hpp) and the report's
// value/bound heat maps both read these, so that they cannot disagree. Taken from the recorded
// enclosures' midpoints as log10 (a ratio such as 10^-57033 is beyond double's range): a
// description, never a verdict.
#include <cstddef>
#include <optional>
#include <vector>

#include "verify/engine/outcome.hpp"

namespace nb {

// log10 of the tightness ratio of `o`, for a certified verdict (PROVEN, NEAR-TIGHT, EQUAL (exact),
// VIOLATED) of an inequality whose value and bound midpoints are finite and positive; otherwise
// nothing (an undecided case's midpoint says little, an equality has no side).
std::optional<double> log10_tightness_ratio(const CaseOutcome& o);

// The smallest, median and largest log10 tightness ratio of a group of cases, over those that have
// one (`cases` counts them). The median of the log10s: for an even count, the mean of the middle
// two, i.e. the geometric mean of the two middle ratios.
struct Log10RatioSpread {
  std::size_t cases = 0;
  double min = 0, median = 0, max = 0;
};
std::optional<Log10RatioSpread> log10_ratio_spread(const std::vector<const CaseOutcome*>& cases);
// The same from the cases' log10 ratios themselves (in any order).
std::optional<Log10RatioSpread> log10_ratio_spread(std::vector<double> log10_ratios);

}  // namespace nb
