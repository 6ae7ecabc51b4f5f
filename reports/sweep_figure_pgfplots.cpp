#include "reports/sweep_figure_pgfplots.hpp"

#include <cmath>
#include <cstdio>

#include "reports/latex_escape.hpp"
#include "reports/sweep_figure_scale.hpp"

namespace nb::reports {
namespace {

std::string number(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

// A range end in data units (pgfplots takes log axes' limits as values).
std::string limit(const AxisRange& r, double at) { return number(r.log ? std::pow(10.0, at) : at); }

// The ticks of axis_ticks, the SVG's, for `axis` ("x" or "y"): pgfplots' own on a log axis of less
// than two decades are fractional powers of ten (10^{0.3}). Decades are labelled 10^k, other ticks
// as numbers.
std::string ticks_option(const std::string& axis, const AxisRange& r) {
  std::string at, labels;
  for (double t : axis_ticks(r)) {
    const bool decade = r.log && std::abs(t - std::round(t)) < 1e-9;
    at += (at.empty() ? "" : ",") + limit(r, t);
    labels += std::string(labels.empty() ? "" : ",") + "{" +
              (decade ? "$10^{" + number(std::round(t)) + "}$" : "$" + limit(r, t) + "$") + "}";
  }
  return ", " + axis + "tick={" + at + "}, " + axis + "ticklabels={" + labels + "}";
}

}  // namespace

std::string sweep_figure_pgfplots(const SweepFigure& f) {
  // The legend below the axis, not beside it: beside a 12 cm axis a long series name ran past the
  // text width (Fig. 3's "upper envelope (mean over heads)" was cut off at the page edge).
  // Named, not a structured binding: clang 14 (the checking build) cannot capture bindings in lambdas.
  const std::pair<AxisRange, AxisRange> ranges = figure_ranges(f);
  const AxisRange &X = ranges.first, &Y = ranges.second;
  std::string s = "% " + f.title + "\n\\begin{tikzpicture}\n\\begin{axis}[width=12cm, height=7.5cm, xmode=" +
                  std::string(f.log_x ? "log" : "normal") + ", ymode=" + (f.log_y ? "log" : "normal") +
                  ", xmin=" + limit(X, X.lo) + ", xmax=" + limit(X, X.hi) + ", ymin=" + limit(Y, Y.lo) +
                  ", ymax=" + limit(Y, Y.hi) + ticks_option("x", X) + ticks_option("y", Y) + ", xlabel={" + reports::latex_escape(f.x_label) + "}, ylabel={" +
                  reports::latex_escape(f.y_label) + "}, title={" + reports::latex_escape(f.title) +
                  "}, legend style={font=\\scriptsize, at={(0.5,-0.18)}, anchor=north}]\n";
  for (const SweepSeries& series : f.series) {
    std::string coordinates;
    for (std::size_t i = 0; i < series.x.size() && i < series.y.size(); ++i)
      if (drawable(f, series.x[i], series.y[i])) coordinates += " (" + number(series.x[i]) + "," + number(series.y[i]) + ")";
    s += "\\addplot+[no markers" + std::string(series.dashed ? ", dashed" : "") + "] coordinates {" + coordinates +
         " };\n\\addlegendentry{" + reports::latex_escape(series.name) + "}\n";
  }
  for (const SweepBox& b : f.boxes) {
    if (!drawable(f, b.x, b.min) || !drawable(f, b.x, b.max)) continue;
    s += "\\draw (axis cs:" + number(b.x) + "," + number(b.min) + ") -- (axis cs:" + number(b.x) + "," + number(b.max) +
         ");\n\\filldraw[fill=blue!15] (axis cs:" + number(b.x * (f.log_x ? 0.93 : 1) - (f.log_x ? 0 : 0.3)) + "," +
         number(b.lower_quartile) + ") rectangle (axis cs:" + number(b.x * (f.log_x ? 1.07 : 1) + (f.log_x ? 0 : 0.3)) +
         "," + number(b.upper_quartile) + ");\n\\draw[thick] (axis cs:" +
         number(b.x * (f.log_x ? 0.93 : 1) - (f.log_x ? 0 : 0.3)) + "," + number(b.median) + ") -- (axis cs:" +
         number(b.x * (f.log_x ? 1.07 : 1) + (f.log_x ? 0 : 0.3)) + "," + number(b.median) + ");\n";
  }
  for (double v : f.vertical_lines)
    if (drawable(f, v, 1))
      s += "\\draw[densely dotted] (axis cs:" + number(v) + "," + limit(Y, Y.lo) + ") -- (axis cs:" + number(v) + "," +
           limit(Y, Y.hi) + ");\n";
  return s + "\\end{axis}\n\\end{tikzpicture}\n";
}

}  // namespace nb::reports
