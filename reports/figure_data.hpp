#pragma once
// The data of every figure of a report, computed once from the results and drawn by two renderers
// (svg_plot for Markdown, pgfplots_plot for LaTeX), so both show the same bins, points, cells,
// ranges and ticks. Per theorem, each only when it has data:
//   slack-<id>     strip plot of the signed relative slack of every case with a finite slack, one
//                  row per verdict, on a symmetric log axis (linear within 10^F of 0, F the floor
//                  below which slacks are resolution, not signal), with the bound (0) and the
//                  near-tight threshold marked; slacks beyond the axis are drawn at its edge and
//                  counted in the caption;
//   jacobian-<id>  ||J||_2 T against T (log axis) for the softmax Jacobian theorems (quantities
//                  "T" and "||J||_2", or "||J(T)||_2" and "||J(T/2)||_2"), lines at 1/4 and 1/2
//                  (jacobian_figure.hpp);
//   sensitivity-<id>  g(T, eps) against T per eps with the printed and valid envelopes
//                  (quantities "g", "T", "epsilon"; sensitivity_figure.hpp);
//   heatmap-<id>, ratio-<id>  layer x head maps of the smallest relative slack and of the median
//                  value/bound (cases with provenance "layer" and "head"; layer_head_heatmaps.hpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "reports/rich_text.hpp"
#include "verify/results/results.hpp"

namespace nb::reports {

// A label in the two notations it is drawn in: Unicode text (SVG) and LaTeX (pgfplots).
struct FigureText {
  std::string unicode, latex;
};

struct Tick {
  double at;
  FigureText label;  // "10^{-3}" on decade axes, else the position ("-2.5")
};

struct Axis {
  FigureText label;
  double lo = 0, hi = 1;    // the drawn range
  std::vector<Tick> ticks;  // inside [lo, hi], increasing
};

using Rgb = std::array<std::uint8_t, 3>;

struct ScatterPoint {
  double x, y;
};
// How a series' points are drawn: filled dots, or rings around points drawn by another series.
enum class Mark { Dot, Ring };
// Points of one meaning (a verdict, "holds", "violated"), drawn in one colour with a legend entry.
struct ScatterSeries {
  FigureText label;
  Rgb colour;
  std::vector<ScatterPoint> points;
  Mark mark = Mark::Dot;
};
// A polyline through data coordinates (an envelope, the two ends of one case), dashed or solid;
// a legend entry when it has a label.
struct Curve {
  FigureText label;
  Rgb colour;
  bool dashed = false;
  std::vector<ScatterPoint> points;
};
// A labelled reference line across the plot: x = at (vertical) or y = at.
struct ReferenceLine {
  bool vertical;
  double at;
  FigureText label;
};
struct Scatter {
  std::vector<ScatterSeries> series;  // only series with points
  std::vector<ReferenceLine> lines;
  std::vector<Curve> curves;  // drawn under the points
  bool legend = true;     // right of the plot; false when the y ticks already name the series (strip plots)
};

struct HeatCell {
  std::size_t row, col;  // row = layer (y), col = head (x)
  Rgb colour;
  std::string note;      // what the colour stands for: "log10 -2.50", "violated", "zero or undecided"
};
struct HeatMap {
  std::vector<HeatCell> cells;  // only (layer, head) pairs that have cases
  Axis colour;                  // the range the colour scale spans (a log10)
  std::vector<std::pair<Rgb, std::string>> off_scale;  // colours for data off the scale, with their meaning
};

struct Figure {
  std::string name;  // file stem, unique in a report: "slack-<id>", "jacobian-<id>", "heatmap-<id>", ...
  std::string theorem_id;
  FigureText title;
  RichText caption;
  Axis x, y;
  std::variant<Scatter, HeatMap> plot;
  double height_cm = 6.5;  // of the LaTeX plot area; strip plots grow with their rows
};

// The colours of the heat maps' scale, evenly spaced from the colour axis' lo to its hi (viridis),
// and the colours both renderers use for data off that scale.
inline constexpr std::array<Rgb, 5> kColourScale{
    {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
inline constexpr Rgb kHoldsColour{76, 114, 176};  // points of cases that hold
inline constexpr Rgb kViolatedColour{215, 48, 39};
inline constexpr Rgb kUndecidedColour{190, 190, 190};
inline constexpr Rgb kTightColour{230, 140, 20};      // TIGHT: equal within resolution
inline constexpr Rgb kAttainedColour{120, 60, 160};   // EQUAL (exact), NEAR-TIGHT
inline constexpr Rgb kStatisticalColour{40, 150, 120};
inline constexpr Rgb kReferenceColour{0, 0, 0};  // reference lines and envelopes

// The verdicts in the order figures list them (failures first, then the cases at the bound, then
// room, then the undecided), each with its colour.
struct VerdictStyle {
  Verdict verdict;
  Rgb colour;
};
inline constexpr std::array<VerdictStyle, 9> kVerdictStyles{{{Verdict::Violated, kViolatedColour},
                                                             {Verdict::ViolatedStatistical, kViolatedColour},
                                                             {Verdict::Tight, kTightColour},
                                                             {Verdict::EqualExact, kAttainedColour},
                                                             {Verdict::NearTight, kAttainedColour},
                                                             {Verdict::Proven, kHoldsColour},
                                                             {Verdict::HoldsStatistical, kStatisticalColour},
                                                             {Verdict::UndecidedStatistical, kUndecidedColour},
                                                             {Verdict::Inconclusive, kUndecidedColour}}};

// The figures of `results`, theorem by theorem in results order, each kind only when it has data
// (a strip plot needs one case with a finite relative slack). A pure function of `results`.
std::vector<Figure> figures_of(const RunResults& results);

}  // namespace nb::reports
