#pragma once
// g(T, eps) against T per eps, as Fig. 4 of arXiv 2508.17821 draws the finite-difference
// sensitivity, with the printed envelope min{1/(4T), sqrt 2} and the valid one min{1/(2T), sqrt(2)/eps}.
#include <optional>

#include "reports/figure_data.hpp"

namespace nb::reports {

// "sensitivity-<id>" for a theorem whose cases record "g", "T" and "epsilon": x = log10 T,
// y = log10 g, one series per decade of eps (labelled with the value when the decade holds one),
// each with its valid envelope (at the decade's smallest eps, which bounds them all) as a dashed
// curve in its colour, the printed envelope as a dashed black curve, and VIOLATED cases ringed in
// red. Axes span at most 12 decades of T and 10 of g (the largest); points beyond, and g = 0,
// are drawn at the edge and counted in the caption, as are cases with no finite g, T or eps (not
// drawn).
std::optional<Figure> sensitivity_figure(const TheoremResult& t, const RunSettingsRecord& settings);

}  // namespace nb::reports
