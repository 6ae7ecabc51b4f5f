#include "reports/pgfplots_plot.hpp"

#include <sstream>

#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

std::string num(double x) { return fixed_text(x, 4); }

std::string rgb255(const Rgb& c) {
  return std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]);
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

void plot(std::ostream& out, const Figure&, const Histogram& h) {
  out << "\\addplot[ybar interval, fill=nbholds, draw=white] coordinates {";
  for (const HistogramBin& b : h.bins) out << " (" << num(b.lo) << "," << b.count << ")";
  out << " (" << num(h.bins.back().hi) << ",0)};\n";
}

void plot(std::ostream& out, const Figure& f, const Scatter& s) {
  if (s.diagonal)
    out << "\\addplot[black, dashed, domain=" << num(std::max(f.x.lo, f.y.lo)) << ":"
        << num(std::min(f.x.hi, f.y.hi)) << ", samples=2, forget plot] {x};\n";
  for (bool violated : {false, true}) {
    std::ostringstream points;
    for (const ScatterPoint& p : s.points)
      if (p.violated == violated) points << " (" << num(p.x) << "," << num(p.y) << ")";
    if (points.str().empty()) continue;
    out << "\\addplot[only marks, mark=*, mark size=1.2pt, fill opacity=0.75, draw opacity=0.75, color="
        << (violated ? "nbviolated" : "nbholds") << "] coordinates {" << points.str() << "};\n"
        << "\\addlegendentry{" << (violated ? "violated" : "holds") << "}\n";
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
std::string kind_options(const Figure&, const Histogram&) { return ", width=0.9\\linewidth, height=6.5cm"; }
std::string kind_options(const Figure&, const Scatter&) {
  return ", width=0.9\\linewidth, height=6.5cm, legend pos=north west, legend cell align=left";
}
std::string kind_options(const Figure& f, const HeatMap& h) {
  const double aspect = (f.y.hi - f.y.lo) / (f.x.hi - f.x.lo);
  return ", width=0.7\\linewidth, height=" + fixed_text(std::min(1.2, aspect) * 8, 2) +
         "cm, axis on top, colormap name=nbscale, colorbar, point meta min=" + num(h.colour.lo) +
         ", point meta max=" + num(h.colour.hi) + ", colorbar style={" + tick_options("y", h.colour) + ", ylabel={" +
         h.colour.label.latex + "}}";
}

}  // namespace

std::string pgfplots_preamble() {
  std::string scale;
  for (const Rgb& c : kColourScale) scale += " rgb255=(" + rgb255(c) + ")";
  return "\\usepackage{pgfplots}\n"
         "\\pgfplotsset{compat=1.18}\n"
         "\\definecolor{nbholds}{RGB}{" + rgb255(kHoldsColour) + "}\n"
         "\\definecolor{nbviolated}{RGB}{" + rgb255(kViolatedColour) + "}\n"
         "\\definecolor{nbundecided}{RGB}{" + rgb255(kUndecidedColour) + "}\n"
         "\\pgfplotsset{colormap={nbscale}{" + scale + " }}\n";
}

std::string pgfplots_figure(const Figure& figure) {
  std::ostringstream out;
  out << "\\begin{tikzpicture}\n\\begin{axis}[grid=major, grid style={black!12}, tick label style={font=\\footnotesize}, "
      << "title={" << figure.title.latex << "}, " << axis_options("x", figure.x) << ", "
      << axis_options("y", figure.y)
      << std::visit([&](const auto& p) { return kind_options(figure, p); }, figure.plot) << "]\n";
  std::visit([&](const auto& p) { plot(out, figure, p); }, figure.plot);
  out << "\\end{axis}\n\\end{tikzpicture}\n";
  return out.str();
}

}  // namespace nb::reports
