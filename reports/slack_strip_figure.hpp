#pragma once
// The strip plot of a theorem's cases: the signed relative slack of every case with a finite slack,
// one row per verdict, on a symmetric log axis (linear within 10^F of 0, F the floor below which
// slacks are resolution, not signal), with the bound (0) and the near-tight threshold marked. What
// every strip plot of a run shares is said once (slack_strip_explanation); each caption says only
// what is particular to its theorem.
#include <optional>

#include "reports/figure_data.hpp"

namespace nb::reports {

// "slack-<id>", when some case has a finite relative slack; slacks beyond 10^3 are drawn at the
// axis' edge, and the caption counts them, the cases in the linear band and those not drawn.
std::optional<Figure> slack_strip_figure(const TheoremResult& t, const RunSettingsRecord& settings);

// What the strip plots of a run with `settings` show and how to read them: the scale, its linear
// band and the dashed lines.
RichText slack_strip_explanation(const RunSettingsRecord& settings);

}  // namespace nb::reports
