#pragma once
// The data of every figure of a report, computed once from the results and drawn by two renderers
// (svg_plot for Markdown, pgfplots_plot for LaTeX), so both show the same bins, points, cells,
// ranges and ticks. Per theorem:
//   slack-<id>     histogram of log10(relative slack) over its cases certified to hold;
//   heatmap-<id>   layer x head map of the smallest relative slack (cases with provenance
//                  "layer" and "head");
//   jacobian-<id>  ||J||_2 against the bound (cases with a quantity "||J||_2").
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "reports/rich_text.hpp"
#include "verify/results.hpp"

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

struct HistogramBin {
  double lo, hi;
  std::size_t count;
};
struct Histogram {
  std::vector<HistogramBin> bins;  // adjacent, equal width, covering x.lo..x.hi
};

struct ScatterPoint {
  double x, y;
  bool violated;  // the case's verdict is VIOLATED
};
struct Scatter {
  std::vector<ScatterPoint> points;
  bool diagonal = false;  // draw y = x over the range both axes share
};

struct HeatCell {
  std::size_t row, col;  // row = layer (y), col = head (x)
  Rgb colour;
  std::string note;      // what the colour stands for: log10 of the slack, "violated", "zero or undecided"
};
struct HeatMap {
  std::vector<HeatCell> cells;  // only (layer, head) pairs that have cases
  Axis colour;                  // the range the colour scale spans (log10 relative slack)
};

struct Figure {
  std::string name;  // file stem, unique in a report: "slack-<id>", "heatmap-<id>", "jacobian-<id>"
  std::string theorem_id;
  FigureText title;
  RichText caption;
  Axis x, y;
  std::variant<Histogram, Scatter, HeatMap> plot;
};

// The colours of the heat maps' scale, evenly spaced from the colour axis' lo to its hi (viridis),
// and the colours both renderers use for data off that scale.
inline constexpr std::array<Rgb, 5> kColourScale{
    {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
inline constexpr Rgb kHoldsColour{76, 114, 176};  // histogram bars, points of cases that hold
inline constexpr Rgb kViolatedColour{215, 48, 39};
inline constexpr Rgb kUndecidedColour{190, 190, 190};

// The figures of `results`, theorem by theorem in results order, each kind only when it has data
// (a histogram needs one case with positive relative slack). A pure function of `results`.
std::vector<Figure> figures_of(const RunResults& results);

}  // namespace nb::reports
