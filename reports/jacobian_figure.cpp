#include "reports/jacobian_figure.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "reports/decimal_text.hpp"
#include "reports/figure_axes.hpp"
#include "reports/latex_escape.hpp"
#include "verify/results/slack_order.hpp"

namespace nb::reports {
namespace {

constexpr double kTop = 0.6;  // of the y axis: ||J||_2 T <= 1/2 for every softmax Jacobian

// One end of a case: log10 of its T and ||J||_2 T.
struct JacobianPoint {
  double log10_T, scaled_norm;
};

// (T, ||J||_2 T) from T's enclosure and the norm's, scaled by `factor` (1/2: the norm at T/2);
// nothing when T is not finite and positive or the norm not finite.
std::optional<JacobianPoint> point_of(const EnclosureText* T, const EnclosureText* norm, double factor) {
  if (!T || !norm) return std::nullopt;
  const auto log_T = log10_of_positive_midpoint(*T);
  const SlackOrder n = slack_order(*norm);
  if (!log_T || !n.finite) return std::nullopt;
  const double log_factor = std::log10(factor);
  // In logs, so that a tiny norm times a huge T stays finite.
  const double y = n.sign == 0 ? 0 : n.sign * std::pow(10.0, n.log10_abs + *log_T + log_factor);
  return JacobianPoint{*log_T + log_factor, y};
}

// The ends of case `o`: one point, or two for the temperature-halving claim; empty when `o` has
// neither kind of quantities or they are not finite.
std::vector<JacobianPoint> ends_of(const CaseOutcome& o) {
  const EnclosureText* T = quantity_of(o, "T");
  if (const EnclosureText* norm = quantity_of(o, "||J||_2")) {
    if (const auto p = point_of(T, norm, 1)) return {*p};
    return {};
  }
  const auto at_T = point_of(T, quantity_of(o, "||J(T)||_2"), 1);
  const auto at_half_T = point_of(T, quantity_of(o, "||J(T/2)||_2"), 0.5);
  if (at_T && at_half_T) return {*at_T, *at_half_T};
  return {};
}

bool has_jacobian_quantities(const CaseOutcome& o) {
  return quantity_of(o, "T") && (quantity_of(o, "||J||_2") || quantity_of(o, "||J(T)||_2"));
}

}  // namespace

std::optional<Figure> jacobian_figure(const TheoremResult& t, const RunSettingsRecord&) {
  std::vector<std::vector<JacobianPoint>> ends;
  std::vector<double> logs;
  std::size_t cases = 0;
  bool pairs = false;
  for (const CaseOutcome& o : t.outcomes) {
    if (!has_jacobian_quantities(o)) continue;
    ++cases;
    ends.push_back(ends_of(o));
    pairs = pairs || ends.back().size() == 2;
    for (const JacobianPoint& p : ends.back()) logs.push_back(p.log10_T);
  }
  if (cases == 0) return std::nullopt;
  constexpr double kMaxDecades = 12;
  ClampedRange x = decade_range(logs, kMaxDecades), y{0, kTop};

  Scatter s;
  std::size_t drawn = 0;
  for (const VerdictStyle& style : kVerdictStyles) {
    ScatterSeries series{{verdict_name(style.verdict), latex_escape(verdict_name(style.verdict))}, style.colour, {}};
    std::size_t k = 0;
    for (const CaseOutcome& o : t.outcomes) {
      if (!has_jacobian_quantities(o)) continue;
      const std::vector<JacobianPoint>& e = ends[k++];
      if (o.verdict != style.verdict || e.empty()) continue;
      ++drawn;
      Curve segment{{"", ""}, style.colour, false, {}};
      for (const JacobianPoint& p : e) {
        series.points.push_back({x.place(p.log10_T), y.place(p.scaled_norm)});
        segment.points.push_back(series.points.back());
      }
      if (segment.points.size() == 2) s.curves.push_back(std::move(segment));
    }
    if (!series.points.empty()) s.series.push_back(std::move(series));
  }
  s.lines.push_back({false, 0.25, {"1/4 (Cor. 3 as printed)", "$1/4$ (Cor.~3 as printed)"}});
  s.lines.push_back({false, 0.5, {"1/2 (sharp)", "$1/2$ (sharp)"}});
  // Corollary 3's other branch: min{1/(4T), sqrt 2} T = sqrt(2) T below T = 1/(4 sqrt 2).
  const double kink = std::log10(1 / (4 * std::sqrt(2.0)));
  if (x.lo < kink) {
    Curve cap{{"√2·T (Cor. 3)", "$\\sqrt{2}\\,T$ (Cor.~3)"}, kReferenceColour, true, {}};
    constexpr int kSteps = 32;
    for (int i = 0; i <= kSteps; ++i) {
      const double at = x.lo + (kink - x.lo) * i / kSteps;
      cap.points.push_back({at, std::sqrt(2.0) * std::pow(10.0, at)});
    }
    s.curves.push_back(std::move(cap));
  }

  Figure f;
  f.name = "jacobian-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": ‖J‖₂·T against T", latex_escape(t.info.id) + ": $\\|J\\|_2 T$ against $T$"};
  std::string after =
      pairs ? ": each a segment from (T, ‖J(T)‖₂·T) to (T/2, ‖J(T/2)‖₂·T/2) in its verdict's colour, which the claim "
              "‖J(T/2)‖₂ ≥ 2‖J(T)‖₂ says does not fall towards T/2"
            : ", by verdict";
  after += "; T on a log scale; dashed: Corollary 3 as printed, min{1/4, √2·T}, and the sharp bound 1/2, above "
           "which no softmax Jacobian lies.";
  if (x.below + x.above)
    after += " " + count_text(x.below + x.above, "point", "points") + " with T outside " +
             setting_text(std::pow(10.0, x.lo)) + " .. " + setting_text(std::pow(10.0, x.hi)) + " drawn at the edge.";
  if (y.below + y.above)
    after += " " + count_text(y.below + y.above, "point", "points") + " (wide enclosures) outside 0 .. " +
             fixed_text(kTop, 1) + " drawn at the edge.";
  if (drawn < cases) after += " " + count_text(cases - drawn, "case", "cases") + " with no finite T or norm not shown.";
  f.caption = {plain("‖J‖₂·T (midpoints) against T of the " + count_text(cases, "case", "cases") + " of "),
               code(t.info.id), plain(after)};
  f.x = decade_axis({"T (log scale)", "$T$ (log scale)"}, x.lo, x.hi);
  f.y = Axis{{"‖J‖₂·T", "$\\|J\\|_2\\, T$"}, 0, kTop, nice_ticks(0, kTop, 7, false, false)};
  f.height_cm = 3.2;
  f.plot = std::move(s);
  return f;
}

}  // namespace nb::reports
