#include "reports/sensitivity_figure.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reports/figure_axes.hpp"
#include "reports/verdict_words.hpp"
#include "tests/reports/fixture_results.hpp"

namespace nb::reports {
namespace {

using test::theorem_named;

// The envelopes of Section 3.3, written out here rather than taken from the figure code.
double valid_envelope(double T, double eps) { return std::min(1.0 / (2.0 * T), std::sqrt(2.0) / eps); }
double printed_envelope(double T) { return std::min(1.0 / (4.0 * T), std::sqrt(2.0)); }

// y of `c` at x (a vertex of the curve), or NaN.
double curve_at(const Curve& c, double x) {
  for (const ScatterPoint& p : c.points)
    if (std::abs(p.x - x) < 1e-12) return p.y;
  return std::nan("");
}

// Every case is a point of the series of its eps (the suite's grid 0.001, 0.1, 10), and each
// VIOLATED case is ringed.
TEST(SensitivityFigure, DrawsEveryCaseByEpsilonAndRingsViolations) {
  const RunResults& r = test::figure_results();
  for (const char* id : {"finite-difference-sensitivity", "finite-difference-sensitivity-as-printed"}) {
    const TheoremResult& t = theorem_named(r, id);
    const auto f = sensitivity_figure(t, r.settings);
    ASSERT_TRUE(f) << id;
    const auto& s = std::get<Scatter>(f->plot);
    std::size_t dots = 0, rings = 0;
    for (const ScatterSeries& series : s.series) {
      if (series.mark == Mark::Ring) {
        rings += series.points.size();
        EXPECT_EQ(series.colour, kViolatedColour);
        continue;
      }
      EXPECT_TRUE(series.label.unicode == "ε = 0.001" || series.label.unicode == "ε = 0.1" ||
                  series.label.unicode == "ε = 10")
          << series.label.unicode;
      dots += series.points.size();
      for (const ScatterPoint& p : series.points) {
        EXPECT_GE(p.x, f->x.lo);
        EXPECT_LE(p.x, f->x.hi);
        EXPECT_GE(p.y, f->y.lo);
        EXPECT_LE(p.y, f->y.hi);
      }
    }
    EXPECT_EQ(dots, t.outcomes.size()) << id;
    EXPECT_EQ(rings, verdict_count(t, Verdict::Violated)) << id;
  }
  EXPECT_GT(verdict_count(theorem_named(r, "finite-difference-sensitivity-as-printed"), Verdict::Violated), 0u);
}

// The valid envelope of each eps and the printed envelope pass through min{1/(2T), sqrt(2)/eps}
// and min{1/(4T), sqrt 2} at whole decades of T (log10 of both).
TEST(SensitivityFigure, EnvelopesAreTheValidAndPrintedBounds) {
  const RunResults& r = test::figure_results();
  const auto f = sensitivity_figure(theorem_named(r, "finite-difference-sensitivity-as-printed"), r.settings);
  ASSERT_TRUE(f);
  const auto& s = std::get<Scatter>(f->plot);
  ASSERT_EQ(s.curves.size(), 4u);  // one valid envelope per eps, then the printed one
  const double eps[] = {0.001, 0.1, 10};
  for (double x = f->x.lo; x <= f->x.hi; ++x) {
    const double T = std::pow(10.0, x);
    for (int k = 0; k < 3; ++k) {
      const double expected = std::log10(valid_envelope(T, eps[k]));
      if (expected < f->y.lo || expected > f->y.hi) continue;
      EXPECT_NEAR(curve_at(s.curves[k], x), expected, 1e-9) << "eps " << eps[k] << " T " << T;
      EXPECT_EQ(s.curves[k].colour, s.series[k].colour);
    }
    EXPECT_NEAR(curve_at(s.curves[3], x), std::log10(printed_envelope(T)), 1e-9) << "T " << T;
  }
  // The paper's setting: T = 0.01, eps = 0.001: valid envelope min{50, 1414} = 50, printed
  // min{25, sqrt 2} = sqrt 2, which g = 49.9 there exceeds.
  ASSERT_LE(f->x.lo, -2);
  EXPECT_NEAR(curve_at(s.curves[0], -2), std::log10(50.0), 1e-9);
  EXPECT_NEAR(curve_at(s.curves[3], -2), std::log10(std::sqrt(2.0)), 1e-9);
  EXPECT_NE(s.curves[3].label.unicode.find("printed"), std::string::npos);
}

// A ringed (violated) case of the printed envelope lies above it at its T.
TEST(SensitivityFigure, ViolationsLieAboveThePrintedEnvelope) {
  const RunResults& r = test::figure_results();
  const auto f = sensitivity_figure(theorem_named(r, "finite-difference-sensitivity-as-printed"), r.settings);
  ASSERT_TRUE(f);
  for (const ScatterSeries& series : std::get<Scatter>(f->plot).series) {
    if (series.mark != Mark::Ring) continue;
    for (const ScatterPoint& p : series.points) EXPECT_GT(p.y, std::log10(printed_envelope(std::pow(10.0, p.x))));
  }
}

// Points drawn at the bottom edge of the g axis.
std::size_t at_bottom(const Figure& f) {
  std::size_t n = 0;
  for (const ScatterSeries& series : std::get<Scatter>(f.plot).series)
    for (const ScatterPoint& p : series.points) n += p.y == f.y.lo && series.mark == Mark::Dot;
  return n;
}

// g = 0 and g = 10^-400 are drawn at the bottom edge, which stays within 10 decades of the top,
// and the caption counts them with the suite's own saturated cases (g below 10^-8 there).
TEST(SensitivityFigure, ClampsTinyAndZeroSensitivitiesAndSaysSo) {
  const RunResults& r = test::figure_results();
  TheoremResult t = theorem_named(r, "finite-difference-sensitivity");
  const auto before = sensitivity_figure(t, r.settings);
  ASSERT_TRUE(before);
  const std::size_t clamped = at_bottom(*before);
  for (auto& [name, e] : t.outcomes[0].quantities)
    if (name == "g") e = {"0", "0", 0.0};
  for (auto& [name, e] : t.outcomes[1].quantities)
    if (name == "g") e = {"1e-400", "1e-400", 0.0};
  const auto f = sensitivity_figure(t, r.settings);
  ASSERT_TRUE(f);
  EXPECT_LE(f->y.hi - f->y.lo, 10);
  EXPECT_EQ(at_bottom(*f), clamped + 2);
  const std::string caption = plain_text(f->caption);
  EXPECT_NE(caption.find(std::to_string(clamped + 2) + " cases with g outside "), std::string::npos) << caption;
  EXPECT_NE(caption.find("(1 of them g = 0) drawn at the edge"), std::string::npos) << caption;
}

}  // namespace
}  // namespace nb::reports
