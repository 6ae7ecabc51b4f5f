#include "reports/svg_plot.hpp"

#include <algorithm>
#include <sstream>

#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

constexpr double kWidth = 640, kHeight = 420, kLeft = 72, kTop = 40, kBottom = 56;

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string num(double x) { return fixed_text(x, 2); }

std::string rgb(const Rgb& c) {
  return "rgb(" + std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]) + ")";
}

// Room for the y tick labels: verdict names are wider than numbers.
double left_margin(const Figure& f) {
  std::size_t widest = 0;
  for (const Tick& t : f.y.ticks) widest = std::max(widest, t.label.unicode.size());
  return std::max(kLeft, 36 + 7.0 * static_cast<double>(widest));
}

// Maps data coordinates into the plot area [left, right] x [top, bottom] of the SVG.
class Frame {
 public:
  Frame(const Figure& f, double right_margin)
      : f_(f), left_(left_margin(f)), right_(kWidth - right_margin), top_(kTop), bottom_(kHeight - kBottom) {}
  double x(double v) const { return left_ + (v - f_.x.lo) / (f_.x.hi - f_.x.lo) * (right_ - left_); }
  double y(double v) const { return bottom_ - (v - f_.y.lo) / (f_.y.hi - f_.y.lo) * (bottom_ - top_); }
  double left() const { return left_; }
  double right() const { return right_; }
  double top() const { return top_; }
  double bottom() const { return bottom_; }

 private:
  const Figure& f_;
  double left_, right_, top_, bottom_;
};

void text(std::ostream& out, double x, double y, const std::string& anchor, const std::string& s,
          const std::string& extra = "") {
  out << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" text-anchor=\"" << anchor << "\"" << extra << ">"
      << xml_escape(s) << "</text>\n";
}

void rect(std::ostream& out, double x0, double y0, double x1, double y1, const std::string& fill,
          const std::string& extra = "") {
  out << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(x1 - x0) << "\" height=\""
      << num(y1 - y0) << "\" fill=\"" << fill << "\"" << extra << "/>\n";
}

void axes(std::ostream& out, const Figure& f, const Frame& fr) {
  out << "<g stroke=\"rgb(225,225,225)\" stroke-width=\"1\">\n";
  for (const Tick& t : f.x.ticks)
    out << "<line x1=\"" << num(fr.x(t.at)) << "\" y1=\"" << num(fr.top()) << "\" x2=\"" << num(fr.x(t.at))
        << "\" y2=\"" << num(fr.bottom()) << "\"/>\n";
  for (const Tick& t : f.y.ticks)
    out << "<line x1=\"" << num(fr.left()) << "\" y1=\"" << num(fr.y(t.at)) << "\" x2=\"" << num(fr.right())
        << "\" y2=\"" << num(fr.y(t.at)) << "\"/>\n";
  out << "</g>\n";
}

void frame_and_labels(std::ostream& out, const Figure& f, const Frame& fr) {
  rect(out, fr.left(), fr.top(), fr.right(), fr.bottom(), "none", " stroke=\"black\" stroke-width=\"1\"");
  for (const Tick& t : f.x.ticks) {
    out << "<line x1=\"" << num(fr.x(t.at)) << "\" y1=\"" << num(fr.bottom()) << "\" x2=\"" << num(fr.x(t.at))
        << "\" y2=\"" << num(fr.bottom() + 5) << "\" stroke=\"black\"/>\n";
    text(out, fr.x(t.at), fr.bottom() + 19, "middle", t.label.unicode);
  }
  for (const Tick& t : f.y.ticks) {
    out << "<line x1=\"" << num(fr.left() - 5) << "\" y1=\"" << num(fr.y(t.at)) << "\" x2=\"" << num(fr.left())
        << "\" y2=\"" << num(fr.y(t.at)) << "\" stroke=\"black\"/>\n";
    text(out, fr.left() - 8, fr.y(t.at) + 4, "end", t.label.unicode);
  }
  text(out, (fr.left() + fr.right()) / 2, kHeight - 14, "middle", f.x.label.unicode);
  const double yc = (fr.top() + fr.bottom()) / 2;
  text(out, 18, yc, "middle", f.y.label.unicode, " transform=\"rotate(-90 18 " + num(yc) + ")\"");
  text(out, kWidth / 2, 24, "middle", f.title.unicode, " font-size=\"14\" font-weight=\"bold\"");
}

// Coloured squares with their meaning, in a column from (x, y).
void legend(std::ostream& out, double x, double y, const std::vector<std::pair<Rgb, std::string>>& entries) {
  for (const auto& [colour, meaning] : entries) {
    rect(out, x, y - 9, x + 10, y + 1, rgb(colour));
    text(out, x + 15, y, "start", meaning);
    y += 16;
  }
}

std::string points_text(const Frame& fr, const std::vector<ScatterPoint>& points) {
  std::string text;
  for (const ScatterPoint& p : points) text += (text.empty() ? "" : " ") + num(fr.x(p.x)) + "," + num(fr.y(p.y));
  return text;
}

const char* const kDashes = " stroke-dasharray=\"4 3\"";

void draw(std::ostream& out, const Figure&, const Frame& fr, const Scatter& s) {
  for (const ReferenceLine& l : s.lines) {
    const double x0 = l.vertical ? fr.x(l.at) : fr.left(), x1 = l.vertical ? x0 : fr.right();
    const double y0 = l.vertical ? fr.top() : fr.y(l.at), y1 = l.vertical ? fr.bottom() : y0;
    out << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y0) << "\" x2=\"" << num(x1) << "\" y2=\"" << num(y1)
        << "\" stroke=\"black\"" << kDashes << "/>\n";
    if (l.vertical) {
      text(out, x0 + 3, fr.top() + 12, "start", l.label.unicode, " font-size=\"10\"");
    } else {
      text(out, fr.right() - 4, y0 - 4, "end", l.label.unicode, " font-size=\"10\"");
    }
  }
  for (const Curve& c : s.curves)
    out << "<polyline points=\"" << points_text(fr, c.points) << "\" fill=\"none\" stroke=\"" << rgb(c.colour)
        << "\" stroke-width=\"" << (c.dashed ? "1.2" : "1") << "\"" << (c.dashed ? kDashes : "") << "/>\n";
  for (const ScatterSeries& series : s.series) {
    if (series.mark == Mark::Ring) {
      out << "<g fill=\"none\" stroke=\"" << rgb(series.colour) << "\" stroke-width=\"1.2\">\n";
    } else {
      out << "<g fill=\"" << rgb(series.colour) << "\" fill-opacity=\"0.75\">\n";
    }
    for (const ScatterPoint& p : series.points)
      out << "<circle cx=\"" << num(fr.x(p.x)) << "\" cy=\"" << num(fr.y(p.y)) << "\" r=\""
          << (series.mark == Mark::Ring ? "5" : "3") << "\"/>\n";
    out << "</g>\n";
  }
  if (!s.legend) return;
  // Right of the plot: each series' mark, then each labelled curve's line.
  const double x = fr.right() + 12;
  double y = fr.top() + 8;
  for (const ScatterSeries& series : s.series) {
    out << "<circle cx=\"" << num(x + 5) << "\" cy=\"" << num(y - 4) << "\" r=\""
        << (series.mark == Mark::Ring ? "5\" fill=\"none\" stroke=\"" : "3\" fill=\"") << rgb(series.colour) << "\"/>\n";
    text(out, x + 15, y, "start", series.label.unicode, " font-size=\"11\"");
    y += 16;
  }
  for (const Curve& c : s.curves) {
    if (c.label.unicode.empty()) continue;
    out << "<line x1=\"" << num(x - 2) << "\" y1=\"" << num(y - 4) << "\" x2=\"" << num(x + 12) << "\" y2=\""
        << num(y - 4) << "\" stroke=\"" << rgb(c.colour) << "\"" << (c.dashed ? kDashes : "") << "/>\n";
    text(out, x + 15, y, "start", c.label.unicode, " font-size=\"11\"");
    y += 16;
  }
}

void draw(std::ostream& out, const Figure&, const Frame& fr, const HeatMap& h) {
  for (const HeatCell& c : h.cells) {
    const double col = static_cast<double>(c.col), row = static_cast<double>(c.row);
    out << "<rect x=\"" << num(fr.x(col - 0.5)) << "\" y=\"" << num(fr.y(row + 0.5)) << "\" width=\""
        << num(fr.x(col + 0.5) - fr.x(col - 0.5)) << "\" height=\"" << num(fr.y(row - 0.5) - fr.y(row + 0.5))
        << "\" fill=\"" << rgb(c.colour) << "\"><title>layer " << c.row << ", head " << c.col << ": "
        << xml_escape(c.note) << "</title></rect>\n";
  }
  // The colour bar: the scale's colours from lo (bottom) to hi (top), ticks from the colour axis.
  const double x0 = fr.right() + 16, x1 = x0 + 14;
  out << "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n";
  for (std::size_t i = 0; i < kColourScale.size(); ++i)
    out << "<stop offset=\"" << num(static_cast<double>(i) / static_cast<double>(kColourScale.size() - 1))
        << "\" stop-color=\"" << rgb(kColourScale[i]) << "\"/>\n";
  out << "</linearGradient></defs>\n";
  rect(out, x0, fr.top(), x1, fr.bottom(), "url(#scale)", " stroke=\"black\"");
  const auto bar_y = [&](double v) {
    return fr.bottom() - (v - h.colour.lo) / (h.colour.hi - h.colour.lo) * (fr.bottom() - fr.top());
  };
  for (const Tick& t : h.colour.ticks) text(out, x1 + 4, bar_y(t.at) + 4, "start", t.label.unicode);
  const double yc = (fr.top() + fr.bottom()) / 2, xl = x1 + 48;
  text(out, xl, yc, "middle", h.colour.label.unicode, " transform=\"rotate(-90 " + num(xl) + " " + num(yc) + ")\"");
  legend(out, fr.right() + 8, kHeight - 4 - 16 * static_cast<double>(h.off_scale.size()), h.off_scale);
}

}  // namespace

std::string svg_figure(const Figure& figure) {
  const bool heat = std::holds_alternative<HeatMap>(figure.plot);
  const bool legend = !heat && std::get<Scatter>(figure.plot).legend;
  const Frame frame(figure, heat ? 130 : legend ? 190 : 24);
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << num(kWidth) << "\" height=\""
      << num(kHeight) << "\" viewBox=\"0 0 " << num(kWidth) << " " << num(kHeight)
      << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      << "<title>" << xml_escape(figure.title.unicode) << "</title>\n";
  rect(out, 0, 0, kWidth, kHeight, "white");
  axes(out, figure, frame);
  std::visit([&](const auto& plot) { draw(out, figure, frame, plot); }, figure.plot);
  frame_and_labels(out, figure, frame);
  out << "</svg>\n";
  return out.str();
}

std::string svg_file_name(const Figure& figure) { return figure.name + ".svg"; }

}  // namespace nb::reports
