#pragma once
// SweepFigure as a standalone SVG 1.1 document (for report.md): frame, decade or linear ticks,
// one polyline per series (dashed where asked), box plots, vertical marks and a legend.
// Coordinates print with two decimals, so the same figure gives the same bytes.
#include <string>

#include "reports/sweep_figure.hpp"

namespace nb::reports {

std::string sweep_figure_svg(const SweepFigure& figure);

}  // namespace nb::reports
