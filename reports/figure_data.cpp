#include "reports/figure_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "reports/decimal_text.hpp"
#include "reports/figure_axes.hpp"
#include "reports/jacobian_figure.hpp"
#include "reports/latex_escape.hpp"
#include "reports/layer_head_heatmaps.hpp"
#include "reports/sensitivity_figure.hpp"
#include "reports/slack_order.hpp"

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

}  // namespace

std::vector<Figure> figures_of(const RunResults& results) {
  std::vector<Figure> figures;
  for (const TheoremResult& t : results.theorems)
    for (auto make : {slack_strip, jacobian_figure, sensitivity_figure, smallest_slack_heatmap, ratio_heatmap})
      if (auto f = make(t, results.settings)) figures.push_back(std::move(*f));
  return figures;
}

}  // namespace nb::reports
