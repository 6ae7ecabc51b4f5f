#pragma once
// Figures as standalone SVG documents, for the Markdown report.
#include <string>

#include "reports/figure_data.hpp"

namespace nb::reports {

// A complete SVG 1.1 document drawing `figure`: frame, ticks with labels and grid lines, axis
// labels, title, and the plot (points, rings, curves and dashed reference lines, or cells with a
// colour bar), plus a legend right of the plot where colours carry meaning. Coordinates print with two decimals, so the
// same figure gives the same bytes.
std::string svg_figure(const Figure& figure);

// The file the Markdown report links for `figure`, next to the report: "<name>.svg".
std::string svg_file_name(const Figure& figure);

}  // namespace nb::reports
