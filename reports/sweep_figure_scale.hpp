#pragma once
// The data range of a SweepFigure on each axis (after dropping points a log axis cannot show),
// shared by the SVG and pgfplots renderers so that both draw the same ranges.
#include <vector>

#include "reports/sweep_figure.hpp"

namespace nb::reports {

struct AxisRange {
  double lo = 0, hi = 1;  // in axis units: log10 of the value on a log axis
  bool log = false;
  double to_axis(double v) const;  // value -> axis units
};

// Whether (x, y) can be drawn on the figure's axes: finite, and positive on a log axis.
bool drawable(const SweepFigure& figure, double x, double y);

// The ranges covering every drawable point, box and vertical line (a degenerate range widened to
// one unit around its value).
std::pair<AxisRange, AxisRange> figure_ranges(const SweepFigure& figure);

// Tick positions in axis units: every integer (decade) on a log axis when there are at most 8, else
// every other; over less than two decades 1, 2 and 5 times its powers of ten, and over less than
// that round values (all as logarithms); on a linear axis multiples of a 1-2-5 step
// (reports::nice_step), at most 7.
std::vector<double> axis_ticks(const AxisRange& range);

}  // namespace nb::reports
