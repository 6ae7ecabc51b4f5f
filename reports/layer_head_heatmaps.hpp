#pragma once
// Layer x head heat maps for cases from a model source (provenance "layer" and "head"): how close
// each head comes to a bound (the smallest relative slack) and how tight the bound is on a typical
// row of the head (the median of value/bound), each cell coloured on a log10 scale. Row 0 of
// causal attention (one key, weight 1) is left out of both, and counted in their captions.
#include <optional>

#include "reports/figure_data.hpp"

namespace nb::reports {

// "heatmap-<id>": the smallest relative slack at each (layer, head); red where a case is violated.
std::optional<Figure> smallest_slack_heatmap(const TheoremResult& t, const RunSettingsRecord& settings);

// "ratio-<id>": the median over each head's cases of value/bound of the deciding claim (bound/value
// for a claim value >= bound; verify/results/tightness_ratio.hpp, as the looseness block), so that 1 is a
// bound attained, 10^-k a bound 10^k times too large (vacuous) and above 1 a bound that fails;
// medians more than 12 decades below the largest are drawn at the bottom of the scale and counted
// in the caption.
std::optional<Figure> ratio_heatmap(const TheoremResult& t, const RunSettingsRecord& settings);

}  // namespace nb::reports
