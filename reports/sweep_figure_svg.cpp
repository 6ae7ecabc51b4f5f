#include "reports/sweep_figure_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "reports/sweep_figure_scale.hpp"

namespace nb::reports {
namespace {

constexpr double kPlotWidth = 390, kHeight = 430, kLeft = 70, kTop = 40, kBottom = 55;
// The legend right of the plot: a 24-pixel line sample 12 pixels from it, the name 6 pixels after,
// at most 6.5 pixels a character at 11 pixels sans-serif, and a margin; at least 220 pixels.
constexpr double kLegendLead = 12 + 24 + 6, kCharacterWidth = 6.5, kLegendMargin = 12, kLeastRight = 220;
constexpr const char* kColours[] = {"#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"};

std::string fixed(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

std::string tick_label(const AxisRange& r, double at) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", r.log ? std::pow(10.0, at) : at);
  return buffer;
}

std::string escaped(const std::string& text) {
  std::string s;
  for (char c : text) s += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  return s;
}

// The width right of the plot that the longest series name needs (names are ASCII).
double legend_width(const SweepFigure& f) {
  std::size_t longest = 0;
  for (const SweepSeries& series : f.series) longest = std::max(longest, series.name.size());
  return std::max(kLeastRight, kLegendLead + kCharacterWidth * static_cast<double>(longest) + kLegendMargin);
}

}  // namespace

std::string sweep_figure_svg(const SweepFigure& f) {
  // Named, not a structured binding: clang 14 (the checking build) cannot capture bindings in lambdas.
  const std::pair<AxisRange, AxisRange> ranges = figure_ranges(f);
  const AxisRange &X = ranges.first, &Y = ranges.second;
  const double plot_w = kPlotWidth, plot_h = kHeight - kTop - kBottom, width = kLeft + plot_w + legend_width(f);
  const auto px = [&](double v) { return kLeft + (X.to_axis(v) - X.lo) / (X.hi - X.lo) * plot_w; };
  const auto py = [&](double v) { return kTop + plot_h - (Y.to_axis(v) - Y.lo) / (Y.hi - Y.lo) * plot_h; };
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
                  fixed(width) + "\" height=\"" + fixed(kHeight) + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += "<text x=\"" + fixed(kLeft) + "\" y=\"22\" font-size=\"13\">" + escaped(f.title) + "</text>\n";
  for (double t : axis_ticks(X)) {
    const double x = kLeft + (t - X.lo) / (X.hi - X.lo) * plot_w;
    s += "<line x1=\"" + fixed(x) + "\" y1=\"" + fixed(kTop) + "\" x2=\"" + fixed(x) + "\" y2=\"" + fixed(kTop + plot_h) +
         "\" stroke=\"#e0e0e0\"/>\n<text x=\"" + fixed(x) + "\" y=\"" + fixed(kTop + plot_h + 15) +
         "\" text-anchor=\"middle\">" + tick_label(X, t) + "</text>\n";
  }
  for (double t : axis_ticks(Y)) {
    const double y = kTop + plot_h - (t - Y.lo) / (Y.hi - Y.lo) * plot_h;
    s += "<line x1=\"" + fixed(kLeft) + "\" y1=\"" + fixed(y) + "\" x2=\"" + fixed(kLeft + plot_w) + "\" y2=\"" + fixed(y) +
         "\" stroke=\"#e0e0e0\"/>\n<text x=\"" + fixed(kLeft - 5) + "\" y=\"" + fixed(y + 4) + "\" text-anchor=\"end\">" +
         tick_label(Y, t) + "</text>\n";
  }
  s += "<rect x=\"" + fixed(kLeft) + "\" y=\"" + fixed(kTop) + "\" width=\"" + fixed(plot_w) + "\" height=\"" + fixed(plot_h) +
       "\" fill=\"none\" stroke=\"black\"/>\n";
  s += "<text x=\"" + fixed(kLeft + plot_w / 2) + "\" y=\"" + fixed(kHeight - 15) + "\" text-anchor=\"middle\">" +
       escaped(f.x_label) + (f.log_x ? " (log)" : "") + "</text>\n";
  s += "<text transform=\"translate(16," + fixed(kTop + plot_h / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
       escaped(f.y_label) + (f.log_y ? " (log)" : "") + "</text>\n";
  for (const SweepBox& b : f.boxes) {
    if (!drawable(f, b.x, b.min) || !drawable(f, b.x, b.max)) continue;
    const double x = px(b.x), half = 7;
    s += "<line x1=\"" + fixed(x) + "\" y1=\"" + fixed(py(b.min)) + "\" x2=\"" + fixed(x) + "\" y2=\"" + fixed(py(b.max)) +
         "\" stroke=\"black\"/>\n<rect x=\"" + fixed(x - half) + "\" y=\"" + fixed(py(b.upper_quartile)) + "\" width=\"" +
         fixed(2 * half) + "\" height=\"" + fixed(py(b.lower_quartile) - py(b.upper_quartile)) +
         "\" fill=\"#c6dbef\" stroke=\"black\"/>\n<line x1=\"" + fixed(x - half) + "\" y1=\"" + fixed(py(b.median)) +
         "\" x2=\"" + fixed(x + half) + "\" y2=\"" + fixed(py(b.median)) + "\" stroke=\"black\" stroke-width=\"2\"/>\n";
  }
  for (double v : f.vertical_lines)
    if (drawable(f, v, 1))
      s += "<line x1=\"" + fixed(px(v)) + "\" y1=\"" + fixed(kTop) + "\" x2=\"" + fixed(px(v)) + "\" y2=\"" +
           fixed(kTop + plot_h) + "\" stroke=\"#555555\" stroke-dasharray=\"2,3\"/>\n";
  for (std::size_t k = 0; k < f.series.size(); ++k) {
    const SweepSeries& series = f.series[k];
    const std::string colour = kColours[k % 8];
    std::string points;
    for (std::size_t i = 0; i < series.x.size() && i < series.y.size(); ++i)
      if (drawable(f, series.x[i], series.y[i]))
        points += (points.empty() ? "" : " ") + fixed(px(series.x[i])) + "," + fixed(py(series.y[i]));
    s += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.6\"" +
         (series.dashed ? " stroke-dasharray=\"6,4\"" : "") + "/>\n";
    const double ly = kTop + 12 + 18 * static_cast<double>(k), lx = kLeft + plot_w + 12;
    s += "<line x1=\"" + fixed(lx) + "\" y1=\"" + fixed(ly) + "\" x2=\"" + fixed(lx + 24) + "\" y2=\"" + fixed(ly) +
         "\" stroke=\"" + colour + "\" stroke-width=\"1.6\"" + (series.dashed ? " stroke-dasharray=\"6,4\"" : "") +
         "/>\n<text x=\"" + fixed(kLeft + plot_w + kLegendLead) + "\" y=\"" + fixed(ly + 4) + "\">" + escaped(series.name) +
         "</text>\n";
  }
  return s + "</svg>\n";
}

}  // namespace nb::reports
