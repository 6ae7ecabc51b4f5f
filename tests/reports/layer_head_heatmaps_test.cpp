#include "reports/layer_head_heatmaps.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "reports/figure_axes.hpp"
#include "tests/reports/fixture_results.hpp"

namespace nb::reports {
namespace {

using LayerHead = std::pair<std::size_t, std::size_t>;

// log10 of the median of value/bound of the cases at each (layer, head), from the recorded
// doubles near the midpoints (the geometric mean of the two middle ratios for an even count).
std::map<LayerHead, double> expected_medians(const TheoremResult& t) {
  std::map<LayerHead, std::vector<double>> ratios;
  for (const CaseOutcome& o : t.outcomes)
    if (o.value.approx > 0 && o.bound.approx > 0)
      ratios[{std::stoul(o.provenance.at("layer")), std::stoul(o.provenance.at("head"))}].push_back(o.value.approx /
                                                                                                   o.bound.approx);
  std::map<LayerHead, double> medians;
  for (auto& [at, v] : ratios) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    medians[at] = n % 2 ? std::log10(v[n / 2]) : (std::log10(v[n / 2 - 1]) + std::log10(v[n / 2])) / 2;
  }
  return medians;
}

// Each (layer, head) cell notes the median of value/bound of its cases; the colour scale spans
// whole decades around them, and the caption says that the median is shown.
TEST(RatioHeatmap, ShowsTheMedianRatioOfEachHead) {
  const RunResults& r = test::fixture_results();
  for (const TheoremResult& t : r.theorems) {
    const auto f = ratio_heatmap(t, r.settings);
    if (t.info.id == "separability-upper-envelope-expectation") {
      EXPECT_FALSE(f) << "no layers and heads";
      continue;
    }
    ASSERT_TRUE(f) << t.info.id;
    EXPECT_EQ(f->name, "ratio-" + t.info.id);
    EXPECT_NE(plain_text(f->caption).find("Median of value/bound"), std::string::npos);
    const auto& h = std::get<HeatMap>(f->plot);
    const std::map<LayerHead, double> medians = expected_medians(t);
    ASSERT_EQ(h.cells.size(), 6u);  // layers 0..1 x heads 0..2
    for (const HeatCell& c : h.cells) {
      const auto m = medians.find({c.row, c.col});
      ASSERT_NE(m, medians.end());
      char printed[32];
      std::snprintf(printed, sizeof printed, "%.2f", m->second);
      const std::string expected = std::string(printed) == "-0.00" ? "0.00" : printed;  // a ratio just below 1
      EXPECT_NE(c.note.find("median log10(value/bound) " + expected), std::string::npos)
          << t.info.id << ": " << c.note;
      EXPECT_GE(m->second, h.colour.lo);
      EXPECT_LE(m->second, h.colour.hi);
    }
  }
}

// With every case at one head, its cell is the median of 6 ratios: between the two middle ones.
TEST(RatioHeatmap, TakesTheMedianOverAHeadsCases) {
  RunResults r = test::fixture_results();
  TheoremResult t = r.theorems[0];
  for (CaseOutcome& o : t.outcomes) o.provenance["layer"] = o.provenance["head"] = "0";
  const auto f = ratio_heatmap(t, r.settings);
  ASSERT_TRUE(f);
  const auto& h = std::get<HeatMap>(f->plot);
  ASSERT_EQ(h.cells.size(), 1u);
  const double median = expected_medians(t).at({0, 0});
  char expected[64];
  std::snprintf(expected, sizeof expected, "median log10(value/bound) %.2f over 6 cases", median);
  EXPECT_EQ(h.cells[0].note, expected);
}

// Cells more than 12 decades below the largest median take the bottom colour of the scale, and the
// caption counts them; a head whose cases have no positive value is grey.
TEST(RatioHeatmap, ClampsVacuousHeadsAndSaysSo) {
  RunResults r = test::fixture_results();
  TheoremResult t = r.theorems[1];
  for (CaseOutcome& o : t.outcomes) {
    if (o.provenance.at("layer") == "1" && o.provenance.at("head") == "1") o.value = {"1e-300", "1e-300", 0.0};
    if (o.provenance.at("layer") == "1" && o.provenance.at("head") == "2") o.value = {"0", "0", 0.0};
  }
  const auto f = ratio_heatmap(t, r.settings);
  ASSERT_TRUE(f);
  const auto& h = std::get<HeatMap>(f->plot);
  EXPECT_LE(h.colour.hi - h.colour.lo, 12);
  const std::string caption = plain_text(f->caption);
  EXPECT_NE(caption.find("1 head with a median below 1e-"), std::string::npos) << caption;
  for (const HeatCell& c : h.cells) {
    if (c.row == 1 && c.col == 1) {
      EXPECT_EQ(c.colour, kColourScale.front());
    }
    if (c.row == 1 && c.col == 2) {
      EXPECT_EQ(c.colour, kUndecidedColour);
    }
  }
}

}  // namespace
}  // namespace nb::reports
