#include "verify/search/tightness.hpp"

#include <cmath>
#include <limits>

#include "verify/engine/slack.hpp"

namespace nb::search {

Tightness tightness(const Sides<double>& sides) {
  Tightness t{std::numeric_limits<double>::infinity(), ""};
  for (const Claim<double>& c : sides.claims) {
    double slack = slack_value(c);
    if (c.relation == Relation::Equal) slack = -std::fabs(slack);
    const double scale = std::fabs(c.bound);
    const double relative = scale > 0 ? slack / scale : slack;
    if (!std::isfinite(relative)) return {std::numeric_limits<double>::quiet_NaN(), c.name};
    if (relative < t.relative_slack) t = {relative, c.name};
  }
  return t;
}

}  // namespace nb::search
