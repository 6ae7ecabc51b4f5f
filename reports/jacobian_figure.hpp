#pragma once
// ||J||_2 T against T for the softmax Jacobian theorems: Corollary 3 as printed says
// ||J||_2 T <= min{1/4, sqrt(2) T}, the sharp bound ||J||_2 T <= 1/2.
#include <optional>

#include "reports/figure_data.hpp"

namespace nb::reports {

// "jacobian-<id>" for a theorem whose cases record "T" with "||J||_2" (a point (T, ||J||_2 T) per
// case) or with "||J(T)||_2" and "||J(T/2)||_2" (a segment from (T, ||J(T)||_2 T) to
// (T/2, ||J(T/2)||_2 T/2) per case): x = log10 T, y = ||J||_2 T (linear, [0, 0.6]), one series per
// verdict, dashed lines at 1/4 (Corollary 3 as printed) and 1/2 (sharp), and the printed bound's
// other branch sqrt(2) T where T < 1/(4 sqrt 2). T beyond 12 decades is drawn at the axis' edge and
// counted in the caption, as are cases with no finite T or norm (not drawn).
std::optional<Figure> jacobian_figure(const TheoremResult& t, const RunSettingsRecord& settings);

}  // namespace nb::reports
