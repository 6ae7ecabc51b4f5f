#include "reports/figure_data.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "reports/decimal_text.hpp"
#include "reports/latex_escape.hpp"
#include "reports/slack_order.hpp"
#include "reports/tightness.hpp"

namespace nb::reports {
namespace {

constexpr std::size_t kMaxBins = 20;

// "10⁻³" and "$10^{-3}$": the label of tick t on a decade axis.
FigureText decade_label(double t) {
  static const char* const kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  const long k = std::lround(t);
  std::string digits = std::to_string(k < 0 ? -k : k), unicode = k < 0 ? "⁻" : "";
  for (char d : digits) unicode += kSuperscript[d - '0'];
  return {"10" + unicode, "$10^{" + std::to_string(k) + "}$"};
}

// "-2.5" as a tick label: with a true minus sign in SVG text, as LaTeX's math mode shows it.
FigureText number_label(const std::string& text) {
  return {text[0] == '-' ? "−" + text.substr(1) : text, "$" + text + "$"};
}

// Multiples of a step from {1, 2, 2.5, 5} x 10^k covering [lo, hi] with at most `max_ticks` ticks
// (step at least 1 when `integers`), labelled with as many decimals as the step needs.
std::vector<Tick> nice_ticks(double lo, double hi, std::size_t max_ticks, bool integers, bool decades) {
  const double raw = std::max(hi - lo, 1e-9) / static_cast<double>(std::max<std::size_t>(max_ticks - 1, 1));
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * magnitude;
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * magnitude >= raw * (1 - 1e-12)) {
      step = m * magnitude;
      break;
    }
  if (integers) step = std::max(step, 1.0);
  int decimals = 0;  // the fewest that print every multiple of the step exactly
  while (decimals < 6 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-9)
    ++decimals;
  std::vector<Tick> ticks;
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step; ++k) {
    const double at = k * step + 0.0;  // + 0.0 turns -0 into 0
    if (decades) {
      ticks.push_back({at, decade_label(at)});
    } else {
      ticks.push_back({at, number_label(fixed_text(at, decimals))});
    }
  }
  return ticks;
}

// An axis over whole decades [floor(lo), ceil(hi)] (at least one decade wide).
Axis decade_axis(FigureText label, double lo, double hi) {
  Axis a{std::move(label), std::floor(lo) + 0.0, std::ceil(hi) + 0.0, {}};  // + 0.0 turns -0 into 0
  if (a.hi - a.lo < 1) a.hi = a.lo + 1;
  a.ticks = nice_ticks(a.lo, a.hi, 8, true, true);
  return a;
}

// An axis over 0..count, ending at a tick at or above `max_count`.
Axis count_axis(FigureText label, std::size_t max_count) {
  Axis a{std::move(label), 0, static_cast<double>(std::max<std::size_t>(max_count, 1)), {}};
  a.ticks = nice_ticks(a.lo, a.hi, 6, true, false);
  const double step = a.ticks.size() > 1 ? a.ticks[1].at - a.ticks[0].at : 1;
  if (a.ticks.back().at < a.hi) {
    a.hi = a.ticks.back().at + step;
    a.ticks = nice_ticks(a.lo, a.hi, 6, true, false);
  }
  return a;
}

// Cells of an index axis (layers, heads) centred on 0..n-1.
Axis index_axis(FigureText label, std::size_t n) {
  Axis a{std::move(label), -0.5, static_cast<double>(n) - 0.5, {}};
  a.ticks = nice_ticks(0, static_cast<double>(n - 1), 13, true, false);
  return a;
}

std::optional<Figure> slack_histogram(const TheoremResult& t) {
  std::vector<double> logs;
  for (const CaseOutcome& o : t.outcomes)
    if (certified_to_hold(o.verdict))
      if (const auto v = log10_of_positive_midpoint(o.relative_slack)) logs.push_back(*v);
  if (logs.empty()) return std::nullopt;
  const auto [min_it, max_it] = std::minmax_element(logs.begin(), logs.end());
  // The narrowest bin width from this list that needs at most kMaxBins bins.
  double width = 1000;
  long first = 0, bins = 1;
  for (double w : {0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0}) {
    width = w;
    first = static_cast<long>(std::floor(*min_it / w));
    bins = static_cast<long>(std::floor(*max_it / w)) - first + 1;
    if (bins <= static_cast<long>(kMaxBins)) break;
  }
  Histogram h;
  for (long i = 0; i < bins; ++i)
    h.bins.push_back({static_cast<double>(first + i) * width, static_cast<double>(first + i + 1) * width, 0});
  for (double v : logs) {
    const long i = std::clamp(static_cast<long>(std::floor(v / width)) - first, 0L, bins - 1);
    ++h.bins[static_cast<std::size_t>(i)].count;
  }
  std::size_t max_count = 0;
  for (const auto& b : h.bins) max_count = std::max(max_count, b.count);

  Figure f;
  f.name = "slack-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": relative slack", latex_escape(t.info.id) + ": relative slack"};
  const std::size_t omitted = t.outcomes.size() - logs.size();
  f.caption = {plain("Distribution of log10(relative slack) over the " +
                     count_text(logs.size(), "case", "cases") + " of "),
               code(t.info.id),
               plain(" certified to hold with positive slack (PROVEN or NEAR-TIGHT)" +
                     (omitted ? "; " + count_text(omitted, "case", "cases") +
                                    " with zero, negative or undecided slack not shown"
                              : std::string()) +
                     ". Bins " + fixed_text(width, width < 1 ? 2 : 0) + " decade(s) wide.")};
  f.x = Axis{{"log₁₀(relative slack)", "$\\log_{10}$(relative slack)"}, h.bins.front().lo, h.bins.back().hi, {}};
  f.x.ticks = nice_ticks(f.x.lo, f.x.hi, 9, false, false);
  f.y = count_axis({"cases", "cases"}, max_count);
  f.plot = std::move(h);
  return f;
}

std::optional<Figure> jacobian_scatter(const TheoremResult& t) {
  Scatter s;
  std::size_t with_norm = 0;
  for (const CaseOutcome& o : t.outcomes) {
    const auto q = std::find_if(o.quantities.begin(), o.quantities.end(),
                                [](const auto& named) { return named.first == "||J||_2"; });
    if (q == o.quantities.end()) continue;
    ++with_norm;
    const auto x = log10_of_positive_midpoint(o.bound), y = log10_of_positive_midpoint(q->second);
    if (x && y) s.points.push_back({*x, *y, o.verdict == Verdict::Violated});
  }
  if (s.points.empty()) return std::nullopt;
  double xlo = s.points[0].x, xhi = xlo, ylo = s.points[0].y, yhi = ylo;
  for (const auto& p : s.points) {
    xlo = std::min(xlo, p.x), xhi = std::max(xhi, p.x);
    ylo = std::min(ylo, p.y), yhi = std::max(yhi, p.y);
  }
  std::size_t violated = 0;
  for (const auto& p : s.points) violated += p.violated;
  Figure f;
  f.name = "jacobian-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": ‖J‖₂ against the bound", latex_escape(t.info.id) + ": $\\|J\\|_2$ against the bound"};
  const std::size_t omitted = with_norm - s.points.size();
  f.caption = {plain("Spectral norm "), code("||J||_2"), plain(" of the Jacobian against its bound, for the " +
                     count_text(s.points.size(), "case", "cases") + " of "),
               code(t.info.id),
               plain(" (log-log; the bound fails above the diagonal y = x; " +
                     count_text(violated, "violated case", "violated cases") + ", in red" +
                     (omitted ? "; " + count_text(omitted, "case", "cases") + " with a zero norm or bound not shown"
                              : std::string()) +
                     ").")};
  f.x = decade_axis({"bound", "bound"}, xlo, xhi);
  f.y = decade_axis({"‖J‖₂", "$\\|J\\|_2$"}, ylo, yhi);
  s.diagonal = std::max(f.x.lo, f.y.lo) < std::min(f.x.hi, f.y.hi);
  f.plot = std::move(s);
  return f;
}

Rgb scale_colour(double fraction) {
  const double p = std::clamp(fraction, 0.0, 1.0) * static_cast<double>(kColourScale.size() - 1);
  const std::size_t i = std::min(static_cast<std::size_t>(p), kColourScale.size() - 2);
  const double w = p - static_cast<double>(i);
  Rgb c{};
  for (std::size_t k = 0; k < 3; ++k)
    c[k] = static_cast<std::uint8_t>(std::lround((1 - w) * kColourScale[i][k] + w * kColourScale[i + 1][k]));
  return c;
}

std::optional<std::size_t> index_in(const std::map<std::string, std::string>& provenance, const char* key) {
  const auto it = provenance.find(key);
  if (it == provenance.end() || it->second.empty() || it->second.size() > 6 ||
      it->second.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoul(it->second);
}

std::optional<Figure> layer_head_heatmap(const TheoremResult& t) {
  // The case of smallest relative slack at each (layer, head).
  std::map<std::pair<std::size_t, std::size_t>, const CaseOutcome*> smallest;
  std::size_t cases = 0, layers = 0, heads = 0;
  for (const CaseOutcome& o : t.outcomes) {
    const auto layer = index_in(o.provenance, "layer"), head = index_in(o.provenance, "head");
    if (!layer || !head) continue;
    ++cases;
    layers = std::max(layers, *layer + 1);
    heads = std::max(heads, *head + 1);
    const CaseOutcome*& s = smallest[{*layer, *head}];
    if (!s || slack_order(o.relative_slack) < slack_order(s->relative_slack)) s = &o;
  }
  if (smallest.empty()) return std::nullopt;
  std::vector<double> logs;
  for (const auto& [at, o] : smallest)
    if (const auto v = log10_of_positive_midpoint(o->relative_slack)) logs.push_back(*v);
  HeatMap h;
  h.colour = logs.empty() ? decade_axis({"", ""}, -1, 0)
                          : decade_axis({"log₁₀(smallest relative slack)", "$\\log_{10}$(smallest relative slack)"},
                                        *std::min_element(logs.begin(), logs.end()),
                                        *std::max_element(logs.begin(), logs.end()));
  for (auto& tick : h.colour.ticks) tick.label = number_label(fixed_text(tick.at, 0));
  for (const auto& [at, o] : smallest) {
    HeatCell c{at.first, at.second, kUndecidedColour, "zero or undecided"};
    if (o->verdict == Verdict::Violated || o->verdict == Verdict::ViolatedStatistical) {
      c.colour = kViolatedColour;
      c.note = "violated";
    } else if (const auto v = log10_of_positive_midpoint(o->relative_slack)) {
      c.colour = scale_colour((*v - h.colour.lo) / (h.colour.hi - h.colour.lo));
      c.note = "log10 " + fixed_text(*v, 2);
    }
    h.cells.push_back(std::move(c));
  }
  Figure f;
  f.name = "heatmap-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": smallest slack per layer and head",
             latex_escape(t.info.id) + ": smallest slack per layer and head"};
  f.caption = {plain("Smallest relative slack of "), code(t.info.id),
               plain(" at each layer and head, over " + count_text(cases, "case", "cases") +
                     ": colour is log10 of its midpoint (scale beside the map); red: a violated case; "
                     "grey: zero or undecided slack; blank: no case.")};
  f.x = index_axis({"head", "head"}, heads);
  f.y = index_axis({"layer", "layer"}, layers);
  f.plot = std::move(h);
  return f;
}

}  // namespace

std::vector<Figure> figures_of(const RunResults& results) {
  std::vector<Figure> figures;
  for (const TheoremResult& t : results.theorems)
    for (auto make : {slack_histogram, layer_head_heatmap, jacobian_scatter})
      if (auto f = make(t)) figures.push_back(std::move(*f));
  return figures;
}

}  // namespace nb::reports
