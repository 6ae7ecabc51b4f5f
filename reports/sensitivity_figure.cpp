#include "reports/sensitivity_figure.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "reports/decimal_text.hpp"
#include "reports/figure_axes.hpp"
#include "reports/latex_escape.hpp"
#include "verify/results/slack_order.hpp"

namespace nb::reports {
namespace {

const double kLog2 = std::log10(2.0);

// log10 min{1/(2T), sqrt(2)/eps}: the valid envelope.
double valid_envelope(double log_T, double log_eps) { return std::min(-kLog2 - log_T, kLog2 / 2 - log_eps); }
// log10 min{1/(4T), sqrt 2}: the envelope as printed.
double printed_envelope(double log_T) { return std::min(-2 * kLog2 - log_T, kLog2 / 2); }

// One case: log10 T, log10 eps and g.
struct SensitivityPoint {
  const CaseOutcome* outcome;
  double log_T, log_eps;
  SlackOrder g;
};

bool has_sensitivity_quantities(const CaseOutcome& o) {
  return quantity_of(o, "g") && quantity_of(o, "T") && quantity_of(o, "epsilon");
}

std::optional<SensitivityPoint> point_of(const CaseOutcome& o) {
  const auto log_T = log10_of_positive_midpoint(*quantity_of(o, "T"));
  const auto log_eps = log10_of_positive_midpoint(*quantity_of(o, "epsilon"));
  const SlackOrder g = slack_order(*quantity_of(o, "g"));
  if (!log_T || !log_eps || !g.finite) return std::nullopt;
  return SensitivityPoint{&o, *log_T, *log_eps, g};
}

// The cases of one decade of eps.
struct EpsilonGroup {
  double smallest = std::numeric_limits<double>::infinity(), largest = -std::numeric_limits<double>::infinity();
  std::vector<const SensitivityPoint*> points;
};

// A dashed curve of `envelope` over [x.lo, x.hi]: every eighth of a decade and at `kink`, with
// values clamped into [y.lo, y.hi].
template <class Envelope>
Curve envelope_curve(FigureText label, Rgb colour, const ClampedRange& x, ClampedRange y, double kink,
                     Envelope envelope) {
  std::vector<double> at;
  for (double v = x.lo; v < x.hi; v += 0.125) at.push_back(v);
  at.push_back(x.hi);
  if (kink > x.lo && kink < x.hi) at.push_back(kink);
  std::sort(at.begin(), at.end());
  Curve c{std::move(label), colour, true, {}};
  for (double v : at) c.points.push_back({v, y.place(envelope(v))});
  return c;
}

}  // namespace

std::optional<Figure> sensitivity_figure(const TheoremResult& t, const RunSettingsRecord&) {
  std::vector<SensitivityPoint> points;
  std::size_t cases = 0;
  for (const CaseOutcome& o : t.outcomes) {
    if (!has_sensitivity_quantities(o)) continue;
    ++cases;
    if (const auto p = point_of(o)) points.push_back(*p);
  }
  if (cases == 0) return std::nullopt;
  std::map<long, EpsilonGroup> groups;  // by decade of eps
  std::vector<double> log_Ts;
  for (const SensitivityPoint& p : points) {
    EpsilonGroup& g = groups[std::lround(std::floor(p.log_eps + 1e-9))];
    g.smallest = std::min(g.smallest, p.log_eps);
    g.largest = std::max(g.largest, p.log_eps);
    g.points.push_back(&p);
    log_Ts.push_back(p.log_T);
  }
  constexpr double kMaxDecadesT = 12, kMaxDecadesG = 10;
  ClampedRange x = decade_range(log_Ts, kMaxDecadesT);
  std::vector<double> log_gs{printed_envelope(x.lo), printed_envelope(x.hi)};
  for (const auto& [decade, g] : groups)
    log_gs.insert(log_gs.end(), {valid_envelope(x.lo, g.smallest), valid_envelope(x.hi, g.smallest)});
  for (const SensitivityPoint& p : points)
    if (p.g.sign > 0) log_gs.push_back(p.g.log10_abs);
  ClampedRange y = decade_range(log_gs, kMaxDecadesG);
  const ClampedRange curve_y = y;

  Scatter s;
  std::size_t zero = 0, index = 0;
  ScatterSeries violated{{"VIOLATED", "VIOLATED"}, kViolatedColour, {}, Mark::Ring};
  for (const auto& [decade, g] : groups) {
    // Up to 0.7 of the scale: its yellow end is hard to see on white.
    const double fraction =
        groups.size() == 1 ? 0 : 0.7 * static_cast<double>(index++) / static_cast<double>(groups.size() - 1);
    const Rgb colour = scale_colour(fraction);
    const bool one_value = g.largest - g.smallest < 1e-12;
    const std::string value = setting_text(std::pow(10.0, g.smallest));
    ScatterSeries series{one_value ? FigureText{"ε = " + value, "$\\varepsilon = " + value + "$"}
                                   : FigureText{"ε in [10^" + std::to_string(decade) + ", 10^" + std::to_string(decade + 1) + ")",
                                                "$\\varepsilon \\in [10^{" + std::to_string(decade) + "}, 10^{" +
                                                    std::to_string(decade + 1) + "})$"},
                         colour,
                         {}};
    for (const SensitivityPoint* p : g.points) {
      zero += p->g.sign <= 0;
      const ScatterPoint at{x.place(p->log_T), y.place(p->g.sign > 0 ? p->g.log10_abs : y.lo - 1)};
      series.points.push_back(at);
      if (p->outcome->verdict == Verdict::Violated) violated.points.push_back(at);
    }
    const double smallest = g.smallest;
    s.curves.push_back(envelope_curve({"", ""}, colour, x, curve_y, smallest - std::log10(2 * std::sqrt(2.0)),
                                      [smallest](double log_T) { return valid_envelope(log_T, smallest); }));
    s.series.push_back(std::move(series));
  }
  if (!violated.points.empty()) s.series.push_back(std::move(violated));
  s.curves.push_back(envelope_curve({"as printed", "as printed"},
                                    kReferenceColour, x, curve_y, -std::log10(4 * std::sqrt(2.0)), printed_envelope));

  Figure f;
  f.name = "sensitivity-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": g(T, ε) against T", latex_escape(t.info.id) + ": $g(T, \\varepsilon)$ against $T$"};
  std::string after =
      " against T (log scales), coloured by ε as in Fig. 4 of the paper; dashed: the valid envelope "
      "min{1/(2T), √2/ε} of each ε in its colour";
  if (std::any_of(groups.begin(), groups.end(), [](const auto& g) { return g.second.largest - g.second.smallest >= 1e-12; }))
    after += " (for a decade of ε, at its smallest ε, which bounds them all)";
  after += " and the printed min{1/(4T), √2} in black; red rings: VIOLATED.";
  const std::size_t outside_x = x.below + x.above, outside_y = y.below + y.above;
  if (outside_x)
    after += " " + count_text(outside_x, "case", "cases") + " with T outside " + setting_text(std::pow(10.0, x.lo)) +
             " .. " + setting_text(std::pow(10.0, x.hi)) + " drawn at the edge.";
  if (outside_y)
    after += " " + count_text(outside_y, "case", "cases") + " with g outside " + setting_text(std::pow(10.0, y.lo)) +
             " .. " + setting_text(std::pow(10.0, y.hi)) +
             (zero ? " (" + std::to_string(zero) + " of them g = 0)" : std::string()) + " drawn at the edge.";
  if (points.size() < cases)
    after += " " + count_text(cases - points.size(), "case", "cases") + " with no finite g, T or ε not shown.";
  f.caption = {plain("g(T, ε) (midpoints) of the " + count_text(cases, "case", "cases") + " of "),
               code(t.info.id), plain(after)};
  f.x = decade_axis({"T (log scale)", "$T$ (log scale)"}, x.lo, x.hi);
  f.y = decade_axis({"g(T, ε) (log scale)", "$g(T, \\varepsilon)$ (log scale)"}, y.lo, y.hi);
  f.height_cm = 3.2;
  f.plot = std::move(s);
  return f;
}

}  // namespace nb::reports
