#pragma once
// How close a theorem's cases come to its bound, in the manner of Boost.Math's accuracy tables:
// the worst case (smallest relative slack, as an enclosure) and the typical case (median of
// log10 relative slack).
#include <cstddef>
#include <optional>

#include "verify/results/results.hpp"

namespace nb::reports {

// A bound whose cases all keep at least this relative slack is loose; one that some case comes
// closer to than this, but none within the near-tight threshold, is close (findings.hpp).
inline constexpr double kLooseRelativeSlack = 0.1;

struct Tightness {
  // The smallest relative slack among certified cases: the recorded worst case's (negative when a
  // case is violated, enclosing 0 when TIGHT). Empty when no case is certified.
  const FlaggedCase* worst_case = nullptr;
  // Median of log10(relative slack midpoint) over the PROVEN and NEAR-TIGHT cases whose relative
  // slack midpoint is > 0 (log10 needs a positive number; those are `median_cases` cases).
  std::optional<double> median_log10_relative_slack;
  std::size_t median_cases = 0;
};

Tightness tightness_of(const TheoremResult& theorem);

// Whether `v` certifies that the claim holds (PROVEN or NEAR-TIGHT): the cases whose slack
// distribution the tightness figures describe.
bool certified_to_hold(Verdict v);

}  // namespace nb::reports
