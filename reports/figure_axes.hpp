#pragma once
// Axes, tick labels and colours shared by every kind of figure (figure_data.hpp): decade axes
// (coordinates are log10 of the data), index axes (layers, heads), clamping of outliers to an
// axis' edge, and the heat maps' colour scale.
#include <cstddef>
#include <string>
#include <vector>

#include "reports/figure_data.hpp"

namespace nb::reports {

// "10⁻³" and "$10^{-3}$": the label of tick t on a decade axis.
FigureText decade_label(double t);
// "-2.5" as a tick label: with a true minus sign in SVG text, as LaTeX's math mode shows it.
FigureText number_label(const std::string& text);

// The least step of {1, 2, 5} x 10^k whose multiples in [lo, hi] are at most `max_ticks`: ticks a
// reader can count in (0.93, 0.935, 0.94), not fractions of the range (0.932139).
double nice_step(double lo, double hi, std::size_t max_ticks);

// The multiples of `step` in [lo, hi], -0 written 0.
std::vector<double> multiples_in(double step, double lo, double hi);

// Multiples of nice_step(lo, hi, max_ticks) in [lo, hi] (step at least 1 when `integers`),
// labelled as decades (10^t) or with as many decimals as the step needs.
std::vector<Tick> nice_ticks(double lo, double hi, std::size_t max_ticks, bool integers, bool decades);

// An axis over whole decades [floor(lo), ceil(hi)] (at least one decade wide); lo and hi are log10.
Axis decade_axis(FigureText label, double lo, double hi);

// Cells of an index axis (layers, heads) centred on 0..n-1, labelled at most 7 times.
Axis index_axis(FigureText label, std::size_t n);

// A value on an axis whose range leaves outliers out: values beyond [lo, hi] are drawn at the edge
// they passed and counted, so that the caption can say how many.
struct ClampedRange {
  double lo, hi;
  std::size_t below = 0, above = 0;
  double place(double v);
};

// The decade range of `logs` (log10 values), at most `max_decades` wide: when the values span more,
// the range keeps the top `max_decades` decades (or the bottom ones when `keep_bottom`), and the
// others are drawn at its edge.
ClampedRange decade_range(const std::vector<double>& logs, double max_decades, bool keep_bottom = false);

// The colour at `fraction` in [0, 1] of kColourScale (clamped).
Rgb scale_colour(double fraction);

// The recorded quantity `name` of `o` ("T", "g"), or nullptr.
const EnclosureText* quantity_of(const CaseOutcome& o, const std::string& name);

// A fixed jitter in [-0.3, 0.3] from the case index, so that coincident points stay visible and the
// same results give the same figure.
double jitter(std::size_t index);

}  // namespace nb::reports
