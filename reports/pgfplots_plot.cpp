#include "reports/pgfplots_plot.hpp"

#include <algorithm>
#include <sstream>

#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

std::string num(double x) { return fixed_text(x, 4); }

std::string rgb255(const Rgb& c) {
  return std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]);
}

std::string colour_option(const Rgb& c) {
  return "color={rgb,255:red," + std::to_string(c[0]) + ";green," + std::to_string(c[1]) + ";blue," +
         std::to_string(c[2]) + "}";
}

std::string coordinates(const std::vector<ScatterPoint>& points) {
  std::ostringstream text;
  for (const ScatterPoint& p : points) text << " (" << num(p.x) << "," << num(p.y) << ")";
  return text.str();
}

// "<name>tick={..}, <name>ticklabels={{..},..}" for the ticks of `a` (name "x", "y").
std::string tick_options(const std::string& name, const Axis& a) {
  std::string ticks, labels;
  for (const Tick& t : a.ticks) {
    if (!ticks.empty()) ticks += ",", labels += ",";
    ticks += num(t.at);
    labels += "{";
    labels += t.label.latex;
    labels += "}";
  }
  return name + "tick={" + ticks + "}, " + name + "ticklabels={" + labels + "}";
}

// "xmin=.., xmax=.., xtick={..}, xticklabels={..}, xlabel={..}" for axis `name` ("x"/"y").
std::string axis_options(const std::string& name, const Axis& a) {
  return name + "min=" + num(a.lo) + ", " + name + "max=" + num(a.hi) + ", " + tick_options(name, a) + ", " + name +
         "label={" + a.label.latex + "}";
}

void plot(std::ostream& out, const Figure& f, const Scatter& s) {
  for (const ReferenceLine& l : s.lines) {
    if (l.vertical) {
      out << "\\draw[black, dashed] (axis cs:" << num(l.at) << "," << num(f.y.lo) << ") -- (axis cs:" << num(l.at) << ","
          << num(f.y.hi) << ") node[pos=1, below left, font=\\tiny] {" << l.label.latex << "};\n";
    } else {
      out << "\\draw[black, dashed] (axis cs:" << num(f.x.lo) << "," << num(l.at) << ") -- (axis cs:" << num(f.x.hi) << ","
          << num(l.at) << ") node[pos=1, above left, font=\\tiny] {" << l.label.latex << "};\n";
    }
  }
  // Curves first (under the points); only labelled ones in the legend, after the series.
  for (const Curve& c : s.curves)
    if (c.label.latex.empty())
      out << "\\addplot[forget plot, " << colour_option(c.colour) << (c.dashed ? ", dashed" : "")
          << ", thin] coordinates {" << coordinates(c.points) << "};\n";
  for (const ScatterSeries& series : s.series) {
    out << "\\addplot[only marks, "
        << (series.mark == Mark::Ring ? "mark=o, mark size=2.2pt, thick, "
                                      : "mark=*, mark size=1.2pt, fill opacity=0.75, draw opacity=0.75, ")
        << colour_option(series.colour) << "] coordinates {" << coordinates(series.points) << "};\n";
    if (s.legend) out << "\\addlegendentry{" << series.label.latex << "}\n";
  }
  for (const Curve& c : s.curves)
    if (!c.label.latex.empty()) {
      out << "\\addplot[" << colour_option(c.colour) << (c.dashed ? ", dashed" : "") << "] coordinates {"
          << coordinates(c.points) << "};\n";
      if (s.legend) out << "\\addlegendentry{" << c.label.latex << "}\n";
    }
}

void plot(std::ostream& out, const Figure&, const HeatMap& h) {
  for (const HeatCell& c : h.cells) {
    const double col = static_cast<double>(c.col), row = static_cast<double>(c.row);
    out << "\\fill[fill={rgb,255:red," << int(c.colour[0]) << ";green," << int(c.colour[1]) << ";blue,"
        << int(c.colour[2]) << "}] (axis cs:" << num(col - 0.5) << "," << num(row - 0.5) << ") rectangle (axis cs:"
        << num(col + 0.5) << "," << num(row + 0.5) << ");\n";
  }
}

// Options that depend on the kind of plot.
std::string kind_options(const Figure& f, const Scatter& s, bool narrow) {
  // A strip plot on a half line (beside a table or another figure) takes more of it, and smaller
  // tick labels. Its symmetric-log tick labels ("−10⁻¹¹") are set slanted: level, the seven of them
  // ran together in the PDF, the more the more decades the slacks span.
  if (!s.legend)
    return ", width=" + std::string(narrow ? "0.7\\linewidth, tick label style={font=\\tiny}" : "0.55\\linewidth") +
           ", height=" + fixed_text(f.height_cm, 2) +
           "cm, scale only axis, xticklabel style={rotate=35, anchor=north east, inner sep=1pt}, legend pos=north west, "
           "legend cell align=left, clip=false";
  // The legend right of the plot, where it hides no point.
  return ", width=0.42\\linewidth, height=" + fixed_text(f.height_cm, 2) +
         "cm, scale only axis, legend pos=outer north east, legend cell align=left, "
         "legend style={font=\\tiny, inner sep=1pt}, clip=false";
}
std::string kind_options(const Figure& f, const HeatMap& h, bool) {
  const double aspect = (f.y.hi - f.y.lo) / (f.x.hi - f.x.lo);
  return ", width=0.4\\linewidth, height=" + fixed_text(std::min(1.2, aspect) * 6, 2) +
         "cm, axis on top, colormap name=nbscale, colorbar, point meta min=" + num(h.colour.lo) +
         ", point meta max=" + num(h.colour.hi) + ", colorbar style={" + tick_options("y", h.colour) + ", ylabel={" +
         h.colour.label.latex + "}}";
}

}  // namespace

std::string pgfplots_settings() {
  std::string scale;
  for (const Rgb& c : kColourScale) scale += " rgb255=(" + rgb255(c) + ")";
  return "\\definecolor{nbholds}{RGB}{" + rgb255(kHoldsColour) + "}\n"
         "\\definecolor{nbviolated}{RGB}{" + rgb255(kViolatedColour) + "}\n"
         "\\definecolor{nbundecided}{RGB}{" + rgb255(kUndecidedColour) + "}\n"
         "\\pgfplotsset{colormap={nbscale}{" + scale + " }}\n";
}

std::string pgfplots_figure(const Figure& figure, bool narrow) {
  std::ostringstream out;
  out << "\\begin{tikzpicture}\n\\begin{axis}[grid=major, grid style={black!12}, tick label style={font="
      << (narrow ? "\\scriptsize" : "\\footnotesize") << "}, "
      // No title: the caption the report sets under the figure says what it shows.
      << axis_options("x", figure.x) << ", "
      << axis_options("y", figure.y)
      << std::visit([&](const auto& p) { return kind_options(figure, p, narrow); }, figure.plot) << "]\n";
  std::visit([&](const auto& p) { plot(out, figure, p); }, figure.plot);
  out << "\\end{axis}\n\\end{tikzpicture}\n";
  return out.str();
}

}  // namespace nb::reports
