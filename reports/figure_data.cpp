#include "reports/figure_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "reports/decimal_text.hpp"
#include "reports/latex_escape.hpp"
#include "reports/slack_order.hpp"

namespace nb::reports {
namespace {

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

// Cells of an index axis (layers, heads) centred on 0..n-1.
Axis index_axis(FigureText label, std::size_t n) {
  Axis a{std::move(label), -0.5, static_cast<double>(n) - 0.5, {}};
  a.ticks = nice_ticks(0, static_cast<double>(n - 1), 13, true, false);
  return a;
}

// The rows of a strip plot, top to bottom: failures first, then the cases at the bound, then room.
struct StripRow {
  Verdict verdict;
  Rgb colour;
};
constexpr std::array<StripRow, 9> kStripRows{{{Verdict::Violated, kViolatedColour},
                                              {Verdict::ViolatedStatistical, kViolatedColour},
                                              {Verdict::Tight, kTightColour},
                                              {Verdict::EqualExact, kAttainedColour},
                                              {Verdict::NearTight, kAttainedColour},
                                              {Verdict::Proven, kHoldsColour},
                                              {Verdict::HoldsStatistical, kStatisticalColour},
                                              {Verdict::UndecidedStatistical, kUndecidedColour},
                                              {Verdict::Inconclusive, kUndecidedColour}}};

// A symmetric log axis: u = sign(x) (1 + log10|x| - F) for |x| >= 10^F, u = x / 10^F within it
// (shown as the band around 0), |u| at most 1 + top - F.
struct SymlogScale {
  double floor_decade, top_decade;
  double at(const SlackOrder& o) const {
    if (o.sign == 0) return 0;
    const double magnitude = o.log10_abs < floor_decade ? std::pow(10.0, o.log10_abs - floor_decade)
                                                        : 1 + std::min(o.log10_abs, top_decade) - floor_decade;
    return o.sign * magnitude;
  }
  double edge() const { return 1 + top_decade - floor_decade; }
};

// Ticks at 0, ±10^F and every `step` decades up to ±10^top.
std::vector<Tick> symlog_ticks(const SymlogScale& s) {
  const double span = s.top_decade - s.floor_decade;
  const double step = span <= 4 ? 1 : span <= 8 ? 2 : span <= 12 ? 3 : std::ceil(span / 4);
  std::vector<Tick> positive;  // from the top down in steps, so that the top decade is labelled; none
                               // next to 0, where ±10^F would crowd the 0 label
  for (double d = s.top_decade; d > s.floor_decade + 0.5 * step; d -= step)
    positive.insert(positive.begin(), {1 + d - s.floor_decade, decade_label(d)});
  std::vector<Tick> ticks;
  for (auto it = positive.rbegin(); it != positive.rend(); ++it)
    ticks.push_back({-it->at, {"−" + it->label.unicode, "$-$" + it->label.latex}});
  ticks.push_back({0, {"0", "$0$"}});
  ticks.insert(ticks.end(), positive.begin(), positive.end());
  return ticks;
}

// A fixed jitter in [-0.3, 0.3] from the case index, so that coincident slacks stay visible and the
// same results give the same figure.
double jitter(std::size_t index) {
  const std::uint64_t h = (static_cast<std::uint64_t>(index) + 1) * 0x9E3779B97F4A7C15ULL;
  return (static_cast<double>(h >> 40) / static_cast<double>(1ULL << 24) - 0.5) * 0.6;
}

std::optional<Figure> slack_strip(const TheoremResult& t, const RunSettingsRecord& settings) {
  const double threshold_decade = std::log10(settings.near_tight > 0 ? settings.near_tight : 1e-3);
  // Below 2^-(p-8) a relative slack is within the resolution of the highest precision used (the
  // TIGHT rule), and 9 decades under the near-tight threshold says nothing more about tightness.
  const double resolution_decade = -static_cast<double>(settings.max_precision > 8 ? settings.max_precision - 8 : 0) *
                                   std::log10(2.0);
  SymlogScale scale{std::ceil(std::max(resolution_decade, std::floor(threshold_decade) - 9)), 0};
  scale.floor_decade = std::min(scale.floor_decade, std::floor(threshold_decade) - 1);
  std::vector<std::pair<const CaseOutcome*, SlackOrder>> finite;
  for (const CaseOutcome& o : t.outcomes)
    if (const SlackOrder k = slack_order(o.relative_slack); k.finite) {
      finite.emplace_back(&o, k);
      if (k.sign != 0) scale.top_decade = std::max(scale.top_decade, std::ceil(k.log10_abs));
    }
  if (finite.empty()) return std::nullopt;
  constexpr double kTopDecade = 3;  // relative slacks beyond 10^3 are drawn at the edge
  scale.top_decade = std::min(scale.top_decade, kTopDecade);

  Scatter s;
  s.legend = false;
  std::size_t rows = 0, below_floor = 0, beyond_top = 0;
  Axis y{{"verdict", "verdict"}, 0, 0, {}};
  for (const StripRow& row : kStripRows) {
    ScatterSeries series{{verdict_name(row.verdict), latex_escape(verdict_name(row.verdict))}, row.colour, {}};
    for (const auto& [o, k] : finite) {
      if (o->verdict != row.verdict) continue;
      if (k.sign != 0 && k.log10_abs < scale.floor_decade) ++below_floor;
      if (k.sign != 0 && k.log10_abs > scale.top_decade) ++beyond_top;
      series.points.push_back({scale.at(k), -static_cast<double>(rows) + jitter(o->index)});
    }
    if (series.points.empty()) continue;
    y.ticks.insert(y.ticks.begin(), {-static_cast<double>(rows), series.label});
    s.series.push_back(std::move(series));
    ++rows;
  }
  y.lo = -static_cast<double>(rows) + 0.5;
  y.hi = 0.5;
  s.lines.push_back({true, 0, {"bound", "bound"}});
  const SlackOrder threshold{true, 1, threshold_decade};
  s.lines.push_back({true, scale.at(threshold), {"near-tight threshold", "near-tight threshold"}});

  Figure f;
  f.name = "slack-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": relative slack per verdict", latex_escape(t.info.id) + ": relative slack per verdict"};
  const std::size_t omitted = t.outcomes.size() - finite.size();
  std::string notes = "Relative slack (slack / |bound|, midpoint) of the " + count_text(finite.size(), "case", "cases") +
                      " of ";
  std::string after = " per verdict; symmetric log scale, linear below " + setting_text(std::pow(10.0, scale.floor_decade));
  after += below_floor ? " (" + count_text(below_floor, "case", "cases") + " in that band)" : std::string();
  after += "; dashed: the bound (0; left of it the bound fails) and the near-tight threshold " +
           setting_text(settings.near_tight) + ".";
  if (beyond_top) after += " " + count_text(beyond_top, "case", "cases") + " beyond " +
                           setting_text(std::pow(10.0, scale.top_decade)) + " drawn at the edge.";
  if (omitted) after += " " + count_text(omitted, "case", "cases") + " with no finite slack not shown.";
  f.caption = {plain(notes), code(t.info.id), plain(after)};
  f.x = Axis{{"relative slack (symmetric log)", "relative slack (symmetric log)"}, -scale.edge() - 0.3,
             scale.edge() + 0.3, symlog_ticks(scale)};
  f.y = std::move(y);
  f.height_cm = 0.9 + 0.35 * static_cast<double>(rows);
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

std::optional<Figure> layer_head_heatmap(const TheoremResult& t, const RunSettingsRecord&) {
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
    for (auto make : {slack_strip, layer_head_heatmap})
      if (auto f = make(t, results.settings)) figures.push_back(std::move(*f));
  return figures;
}

}  // namespace nb::reports
