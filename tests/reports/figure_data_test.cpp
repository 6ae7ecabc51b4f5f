#include "reports/figure_data.hpp"

#include <gtest/gtest.h>

#include "reports/tightness.hpp"
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
  // The statistical theorem has no certified slack, no layers and heads, no ||J||_2.
  EXPECT_EQ(names, (std::vector<std::string>{
                       "slack-softmax-jacobian-spectral-as-printed", "heatmap-softmax-jacobian-spectral-as-printed",
                       "jacobian-softmax-jacobian-spectral-as-printed", "slack-softmax-jacobian-spectral-sharp",
                       "heatmap-softmax-jacobian-spectral-sharp", "jacobian-softmax-jacobian-spectral-sharp"}));
  for (const Figure& f : figures) {
    expect_ticks_inside(f.x);
    expect_ticks_inside(f.y);
  }
}

TEST(FiguresOf, HistogramCountsTheCasesOfTheMedian) {
  const RunResults& r = test::fixture_results();
  const std::vector<Figure> figures = figures_of(r);
  const Figure* f = find(figures, "slack-softmax-jacobian-spectral-sharp");
  ASSERT_NE(f, nullptr);
  const auto& h = std::get<Histogram>(f->plot);
  std::size_t total = 0;
  for (const HistogramBin& b : h.bins) {
    total += b.count;
    EXPECT_GT(b.hi, b.lo);
  }
  EXPECT_EQ(total, tightness_of(r.theorems[1]).median_cases);
  EXPECT_DOUBLE_EQ(f->x.lo, h.bins.front().lo);
  EXPECT_DOUBLE_EQ(f->x.hi, h.bins.back().hi);
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

TEST(FiguresOf, JacobianScatterPutsViolationsAboveTheDiagonal) {
  const std::vector<Figure> figures = figures_of(test::fixture_results());
  const Figure* f = find(figures, "jacobian-softmax-jacobian-spectral-as-printed");
  ASSERT_NE(f, nullptr);
  const auto& s = std::get<Scatter>(f->plot);
  EXPECT_TRUE(s.diagonal);
  std::size_t violated = 0;
  for (const ScatterPoint& p : s.points) {
    violated += p.violated;
    if (p.violated) {
      EXPECT_GT(p.y, p.x);
    }
  }
  EXPECT_EQ(violated, 4u);
}

}  // namespace
}  // namespace nb::reports
