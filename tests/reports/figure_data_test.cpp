#include "reports/figure_data.hpp"
#include "reports/slack_strip_figure.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>

#include "verify/results/slack_order.hpp"
#include "tests/reports/fixture_results.hpp"

namespace nb::reports {
namespace {

const Figure* find(const std::vector<Figure>& figures, const std::string& name) {
  for (const Figure& f : figures)
    if (f.name == name) return &f;
  return nullptr;
}

void expect_ticks_inside(const Axis& a) {
  ASSERT_FALSE(a.ticks.empty());
  for (std::size_t i = 0; i < a.ticks.size(); ++i) {
    EXPECT_GE(a.ticks[i].at, a.lo - 1e-9);
    EXPECT_LE(a.ticks[i].at, a.hi + 1e-9);
    if (i) {
      EXPECT_GT(a.ticks[i].at, a.ticks[i - 1].at);
    }
  }
}

TEST(FiguresOf, MakesEachKindOnlyWhereThereIsData) {
  const std::vector<Figure> figures = figures_of(test::fixture_results());
  std::vector<std::string> names;
  for (const Figure& f : figures) names.push_back(f.name);
  // The statistical theorem has slacks (confidence intervals) but no layers and heads; the Jacobian
  // theorems' cases predate the recorded T, so they have no Jacobian figure.
  EXPECT_EQ(names, (std::vector<std::string>{
                       "slack-softmax-jacobian-spectral-as-printed", "heatmap-softmax-jacobian-spectral-as-printed",
                       "ratio-softmax-jacobian-spectral-as-printed", "slack-softmax-jacobian-spectral-sharp",
                       "heatmap-softmax-jacobian-spectral-sharp", "ratio-softmax-jacobian-spectral-sharp",
                       "slack-separability-upper-envelope-expectation"}));
  for (const Figure& f : figures) {
    expect_ticks_inside(f.x);
    expect_ticks_inside(f.y);
  }
}

// Each verdict present among a theorem's cases with a finite slack is one series of its strip plot,
// with every such case; on the symmetric log axis, violated cases lie left of the bound (x < 0)
// and cases certified to hold right of it, all within the drawn range.
TEST(FiguresOf, StripPlotShowsEveryVerdictOnItsSideOfTheBound) {
  const RunResults& r = test::fixture_results();
  const std::vector<Figure> figures = figures_of(r);
  for (const TheoremResult& t : r.theorems) {
    const Figure* f = find(figures, "slack-" + t.info.id);
    if (!f) continue;
    const auto& s = std::get<Scatter>(f->plot);
    std::map<std::string, std::size_t> expected, drawn;
    for (const CaseOutcome& o : t.outcomes)
      if (slack_order(o.relative_slack).finite) ++expected[verdict_name(o.verdict)];
    for (const ScatterSeries& series : s.series) {
      drawn[series.label.unicode] = series.points.size();
      for (const ScatterPoint& p : series.points) {
        EXPECT_GE(p.x, f->x.lo);
        EXPECT_LE(p.x, f->x.hi);
        EXPECT_GE(p.y, f->y.lo);
        EXPECT_LE(p.y, f->y.hi);
        if (series.label.unicode == "VIOLATED") {
          EXPECT_LT(p.x, 0);
        }
        if (series.label.unicode == "PROVEN" || series.label.unicode == "NEAR-TIGHT") {
          EXPECT_GT(p.x, 0);
        }
      }
    }
    EXPECT_EQ(drawn, expected) << t.info.id;
    ASSERT_EQ(s.lines.size(), 2u);  // the bound and the near-tight threshold
    EXPECT_EQ(s.lines[0].at, 0);
    EXPECT_GT(s.lines[1].at, 0);
  }
  const Figure* printed = find(figures, "slack-softmax-jacobian-spectral-as-printed");
  ASSERT_NE(printed, nullptr);
  EXPECT_EQ(std::get<Scatter>(printed->plot).series.front().label.unicode, "VIOLATED");
}

// Relative slacks far below the floor (1e-600) and far beyond 10^3 (1e+57033) are drawn at the
// band around 0 and at the edge, and the caption counts both; the scale is explained once for
// every strip plot of the run.
TEST(FiguresOf, StripPlotClampsOutliersAndSaysSo) {
  RunResults r = test::fixture_results();
  TheoremResult& t = r.theorems[1];
  t.outcomes[0].relative_slack = {"1e-600", "1.000001e-600", 0.0};
  t.outcomes[1].relative_slack = {"-1e57033", "-0.9e57033", -std::numeric_limits<double>::infinity()};
  const std::vector<Figure> figures = figures_of(r);
  const Figure* f = find(figures, "slack-" + t.info.id);
  ASSERT_NE(f, nullptr);
  const std::string caption = plain_text(f->caption);
  EXPECT_NE(caption.find("(2 cases in the linear band; 1 case beyond 1000 drawn at the edge;"), std::string::npos)
      << caption;
  const std::string explanation = plain_text(slack_strip_explanation(r.settings));
  EXPECT_NE(explanation.find("linear below 1e-12"), std::string::npos) << explanation;
  EXPECT_NE(explanation.find("near-tight threshold 0.001"), std::string::npos) << explanation;
  for (const ScatterSeries& series : std::get<Scatter>(f->plot).series)
    for (const ScatterPoint& p : series.points) {
      EXPECT_GE(p.x, f->x.lo);
      EXPECT_LE(p.x, f->x.hi);
    }
  EXPECT_LE(f->x.hi - f->x.lo, 2 * (1 + 3 + 13) + 1);  // at most 10^-13 .. 10^3 on each side
}

TEST(FiguresOf, HeatMapMarksViolatedLayersAndHeads) {
  const std::vector<Figure> figures = figures_of(test::fixture_results());
  const Figure* f = find(figures, "heatmap-softmax-jacobian-spectral-as-printed");
  ASSERT_NE(f, nullptr);
  const auto& h = std::get<HeatMap>(f->plot);
  ASSERT_EQ(h.cells.size(), 6u);  // layers 0..1 x heads 0..2
  // Cases 0..3 are violated: layer 0 heads 0..2 and layer 1 head 0.
  for (const HeatCell& c : h.cells)
    EXPECT_EQ(c.note == "violated", c.row == 0 || c.col == 0) << "layer " << c.row << " head " << c.col;
  EXPECT_DOUBLE_EQ(f->x.lo, -0.5);
  EXPECT_DOUBLE_EQ(f->y.hi, 1.5);
}

}  // namespace
}  // namespace nb::reports
