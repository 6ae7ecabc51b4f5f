#pragma once
// How tight a case is in binary64: what `normbound search` optimizes. The engine decides
// verdicts; this only steers the optimizer, so it may round.
#include <string>

#include "verify/engine/sides.hpp"

namespace nb::search {

struct Tightness {
  // The smallest relative slack over the claims: slack / |bound| (slack as verify/engine/slack.hpp signs
  // it, so negative means violated; for an equality, -|bound - value| / |bound|), or the absolute
  // slack when the bound is 0. NaN when any claim is not finite.
  double relative_slack = 0;
  std::string claim;  // the claim that has it
};

Tightness tightness(const Sides<double>& sides);

// The tightness ratio 1 - relative slack: value/bound for a claim "value <= bound" with a
// positive bound, so that 1 means attained and above 1 violated.
inline double tightness_ratio(double relative_slack) { return 1 - relative_slack; }

}  // namespace nb::search
