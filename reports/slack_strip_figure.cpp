#include "reports/slack_strip_figure.hpp"

#include <algorithm>
#include <cmath>

#include "reports/decimal_text.hpp"
#include "reports/figure_axes.hpp"
#include "reports/latex_escape.hpp"
#include "verify/results/slack_order.hpp"

namespace nb::reports {
namespace {

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

double threshold_decade(const RunSettingsRecord& settings) {
  return std::log10(settings.near_tight > 0 ? settings.near_tight : 1e-3);
}

// F of the symmetric log axis: below 2^-(p-8) a relative slack is within the resolution of the
// highest precision used (the TIGHT rule), and 9 decades under the near-tight threshold says
// nothing more about tightness; at least a decade under the threshold.
double floor_decade(const RunSettingsRecord& settings) {
  const double threshold = threshold_decade(settings);
  const double resolution_decade = -static_cast<double>(settings.max_precision > 8 ? settings.max_precision - 8 : 0) *
                                   std::log10(2.0);
  return std::min(std::ceil(std::max(resolution_decade, std::floor(threshold) - 9)), std::floor(threshold) - 1);
}

constexpr double kTopDecade = 3;  // relative slacks beyond 10^3 are drawn at the edge

}  // namespace

std::optional<Figure> slack_strip_figure(const TheoremResult& t, const RunSettingsRecord& settings) {
  SymlogScale scale{floor_decade(settings), 0};
  std::vector<std::pair<const CaseOutcome*, SlackOrder>> finite;
  for (const CaseOutcome& o : t.outcomes)
    if (const SlackOrder k = slack_order(o.relative_slack); k.finite) {
      finite.emplace_back(&o, k);
      if (k.sign != 0) scale.top_decade = std::max(scale.top_decade, std::ceil(k.log10_abs));
    }
  if (finite.empty()) return std::nullopt;
  scale.top_decade = std::min(scale.top_decade, kTopDecade);

  Scatter s;
  s.legend = false;
  std::size_t rows = 0, below_floor = 0, beyond_top = 0;
  Axis y{{"", ""}, 0, 0, {}};  // no label: the tick labels name the verdicts
  for (const VerdictStyle& row : kVerdictStyles) {
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
  const SlackOrder threshold{true, 1, threshold_decade(settings)};
  // Short labels: on a half line the two lines can be a centimetre apart.
  s.lines.push_back({true, scale.at(threshold), {"near-tight", "near-tight"}});

  Figure f;
  f.name = "slack-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": relative slack per verdict", latex_escape(t.info.id) + ": relative slack per verdict"};
  // The scale and the lines are explained once (slack_strip_explanation); the caption counts.
  const std::size_t omitted = t.outcomes.size() - finite.size();
  std::string counts;
  const auto note = [&](const std::string& text) { counts += (counts.empty() ? " (" : "; ") + text; };
  if (below_floor) note(count_text(below_floor, "case", "cases") + " in the linear band");
  if (beyond_top) note(count_text(beyond_top, "case", "cases") + " beyond " + setting_text(std::pow(10.0, scale.top_decade)) +
                       " drawn at the edge");
  if (omitted) note(count_text(omitted, "case", "cases") + " with no finite slack not shown");
  f.caption = {plain("Relative slack per verdict, " + count_text(finite.size(), "case", "cases") + " of "),
               code(t.info.id), plain(counts.empty() ? "." : counts + ").")};
  f.x = Axis{{"relative slack (symmetric log)", "relative slack (symmetric log)"}, -scale.edge() - 0.3,
             scale.edge() + 0.3, symlog_ticks(scale)};
  f.y = std::move(y);
  f.height_cm = 0.9 + 0.35 * static_cast<double>(rows);
  f.plot = std::move(s);
  return f;
}

RichText slack_strip_explanation(const RunSettingsRecord& settings) {
  return {plain("Each theorem's strip plot shows the relative slack (slack / |bound|, at the enclosure's midpoint) of "
                "each of its cases with a finite slack, one row per verdict, on a symmetric log scale, linear below " +
                setting_text(std::pow(10.0, floor_decade(settings))) +
                " (the band around 0); dashed: the bound (0; left of it the bound fails) and the near-tight "
                "threshold " + setting_text(settings.near_tight) + " (\"near-tight\"). Relative slacks beyond " +
                setting_text(std::pow(10.0, kTopDecade)) + " are drawn at the edge; captions count them.")};
}

}  // namespace nb::reports
