#pragma once
// Figures as pgfplots code inside the LaTeX report: the same data, ranges and ticks as the SVG.
#include <string>

#include "reports/figure_data.hpp"

namespace nb::reports {

// The settings the figures need after \usepackage{pgfplots}\pgfplotsset{compat=1.18} (the colours
// and the heat maps' colour map); valid in the preamble or the body.
std::string pgfplots_settings();

// A tikzpicture drawing `figure` (no float, no caption: the report places and captions it), its
// widths fractions of \linewidth; `narrow` when it shares the line with another figure (smaller
// tick labels, a wider strip plot).
std::string pgfplots_figure(const Figure& figure, bool narrow = false);

}  // namespace nb::reports
