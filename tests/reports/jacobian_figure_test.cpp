#include "reports/jacobian_figure.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "reports/figure_axes.hpp"
#include "tests/reports/fixture_results.hpp"

namespace nb::reports {
namespace {

using test::theorem_named;

// Corollary 3 as printed, times T: min{1/(4T), sqrt 2} T, written out here rather than taken from
// the figure code.
double printed_times_T(double T) { return std::min(1.0 / (4.0 * T), std::sqrt(2.0)) * T; }

// Every case of each Jacobian theorem is drawn in the series of its verdict (two ends for the
// temperature-halving claim), and nothing else is.
TEST(JacobianFigure, DrawsEveryCaseInTheSeriesOfItsVerdict) {
  const RunResults& r = test::figure_results();
  for (const char* id : {"softmax-jacobian-spectral-as-printed", "softmax-jacobian-spectral-sharp",
                         "softmax-jacobian-temperature-inflation"}) {
    const TheoremResult& t = theorem_named(r, id);
    const auto f = jacobian_figure(t, r.settings);
    ASSERT_TRUE(f) << id;
    EXPECT_EQ(f->name, std::string("jacobian-") + id);
    const std::size_t ends = std::string(id) == "softmax-jacobian-temperature-inflation" ? 2 : 1;
    std::map<std::string, std::size_t> expected, drawn;
    for (const CaseOutcome& o : t.outcomes) expected[verdict_name(o.verdict)] += ends;
    const auto& s = std::get<Scatter>(f->plot);
    for (const ScatterSeries& series : s.series) {
      drawn[series.label.unicode] += series.points.size();
      for (const ScatterPoint& p : series.points) {
        EXPECT_GE(p.x, f->x.lo);
        EXPECT_LE(p.x, f->x.hi);
        EXPECT_GE(p.y, 0);
        EXPECT_LE(p.y, 0.5 + 1e-12) << "no softmax Jacobian has ||J||_2 T above 1/2";
      }
    }
    EXPECT_EQ(drawn, expected) << id;
    EXPECT_TRUE(s.legend);
  }
}

// The lines are the bounds in units of 1/T: 1/(4T) T = 1/4 and 1/(2T) T = 1/2, and the printed
// bound's other branch is sqrt(2) T exactly where min{1/(4T), sqrt 2} T is below 1/4.
TEST(JacobianFigure, ReferenceLinesAreTheBoundsTimesT) {
  const RunResults& r = test::figure_results();
  const auto f = jacobian_figure(theorem_named(r, "softmax-jacobian-spectral-as-printed"), r.settings);
  ASSERT_TRUE(f);
  const auto& s = std::get<Scatter>(f->plot);
  ASSERT_EQ(s.lines.size(), 2u);
  for (double T : {0.5, 1.0, 8.0, 100.0}) {
    EXPECT_DOUBLE_EQ(s.lines[0].at, 1.0 / (4.0 * T) * T);
    EXPECT_DOUBLE_EQ(s.lines[1].at, 1.0 / (2.0 * T) * T);
  }
  EXPECT_FALSE(s.lines[0].vertical);
  EXPECT_NE(s.lines[0].label.unicode.find("as printed"), std::string::npos);
  EXPECT_NE(s.lines[1].label.unicode.find("sharp"), std::string::npos);
  // The suite's temperatures go down to 1/64, below 1/(4 sqrt 2) = 0.177, so the cap is drawn.
  ASSERT_LT(f->x.lo, std::log10(0.17));
  const Curve* cap = nullptr;
  for (const Curve& c : s.curves)
    if (!c.label.unicode.empty()) cap = &c;
  ASSERT_NE(cap, nullptr);
  EXPECT_DOUBLE_EQ(cap->points.front().x, f->x.lo);
  EXPECT_NEAR(cap->points.back().y, 0.25, 1e-12);
  for (const ScatterPoint& p : cap->points) EXPECT_NEAR(p.y, printed_times_T(std::pow(10.0, p.x)), 1e-12);
}

// A violated case of Corollary 3 as printed lies above the printed bound at its T, a proven one on
// or below it: the figure puts each case where its verdict says.
TEST(JacobianFigure, ViolationsLieAboveThePrintedBound) {
  const RunResults& r = test::figure_results();
  const auto f = jacobian_figure(theorem_named(r, "softmax-jacobian-spectral-as-printed"), r.settings);
  ASSERT_TRUE(f);
  std::size_t violated = 0;
  for (const ScatterSeries& series : std::get<Scatter>(f->plot).series)
    for (const ScatterPoint& p : series.points) {
      const double bound = printed_times_T(std::pow(10.0, p.x));
      if (series.label.unicode == "VIOLATED") {
        ++violated;
        EXPECT_GT(p.y, bound * (1 + 1e-9));
        EXPECT_EQ(series.colour, kViolatedColour);
      } else {
        EXPECT_LE(p.y, bound * (1 + 1e-9)) << series.label.unicode;
      }
    }
  EXPECT_GT(violated, 0u);
}

// A temperature far beyond the others (10^-300) is drawn at the axis' edge, which stays within 12
// decades, and the caption says so; a case with no finite norm is left out and counted.
TEST(JacobianFigure, ClampsAbsurdTemperaturesAndSaysSo) {
  RunResults r = test::figure_results();
  TheoremResult t = theorem_named(r, "softmax-jacobian-spectral-sharp");
  for (auto& [name, e] : t.outcomes[0].quantities)
    if (name == "T") e = {"1e-300", "1e-300", 0.0};
  for (auto& [name, e] : t.outcomes[1].quantities)
    if (name == "||J||_2") e = {"-inf", "inf", 0.0};
  const auto f = jacobian_figure(t, r.settings);
  ASSERT_TRUE(f);
  EXPECT_LE(f->x.hi - f->x.lo, 12);
  const std::string caption = plain_text(f->caption);
  // The largest T of the other cases is 8: the axis ends at 10^1 and starts 12 decades lower.
  EXPECT_NE(caption.find("1 point with T outside 1e-11 .. 10 drawn at the edge"), std::string::npos) << caption;
  EXPECT_DOUBLE_EQ(f->x.lo, -11);
  EXPECT_NE(caption.find("1 case with no finite T or norm not shown"), std::string::npos) << caption;
  std::size_t points = 0;
  for (const ScatterSeries& series : std::get<Scatter>(f->plot).series) points += series.points.size();
  EXPECT_EQ(points, t.outcomes.size() - 1);
}

TEST(JacobianFigure, OnlyForTheoremsThatRecordTAndTheNorm) {
  const RunResults& r = test::figure_results();
  EXPECT_FALSE(jacobian_figure(theorem_named(r, "finite-difference-sensitivity"), r.settings));
  // The report fixture predates the recorded T.
  for (const TheoremResult& t : test::fixture_results().theorems) EXPECT_FALSE(jacobian_figure(t, r.settings));
}

}  // namespace
}  // namespace nb::reports
