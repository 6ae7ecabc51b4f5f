#pragma once
// Figures as pgfplots code inside the LaTeX report: the same data, ranges and ticks as the SVG.
#include <string>

#include "reports/figure_data.hpp"

namespace nb::reports {

// The preamble lines the figures need (pgfplots, the colours and the heat maps' colour map).
std::string pgfplots_preamble();

// A tikzpicture drawing `figure` (no float, no caption: the report places and captions it).
std::string pgfplots_figure(const Figure& figure);

}  // namespace nb::reports
