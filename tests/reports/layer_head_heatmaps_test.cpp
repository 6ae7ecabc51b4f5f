#include "reports/layer_head_heatmaps.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "reports/figure_axes.hpp"
#include "tests/reports/fixture_results.hpp"
#include "verify/results/source_looseness.hpp"

namespace nb::reports {
namespace {

using LayerHead = std::pair<std::size_t, std::size_t>;

// log10 of the median of value/bound (bound/value for a lower bound) of the certified inequality
// cases at each (layer, head), from the recorded doubles near the midpoints (the geometric mean of
// the two middle ratios for an even count).
std::map<LayerHead, double> expected_medians(const TheoremResult& t) {
  std::map<LayerHead, std::vector<double>> ratios;
  for (const CaseOutcome& o : t.outcomes) {
    const bool certified = o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight ||
                           o.verdict == Verdict::EqualExact || o.verdict == Verdict::Violated;
    const bool lower = o.relation == Relation::GreaterEqual || o.relation == Relation::Greater;
    if (certified && o.relation != Relation::Equal && o.value.approx > 0 && o.bound.approx > 0)
      ratios[{std::stoul(o.provenance.at("layer")), std::stoul(o.provenance.at("head"))}].push_back(
          lower ? o.bound.approx / o.value.approx : o.value.approx / o.bound.approx);
  }
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
      if (m == medians.end()) {  // the sharp theorem's inconclusive case alone at layer 1, head 2
        EXPECT_EQ(c.colour, kUndecidedColour) << t.info.id;
        EXPECT_EQ(c.note, "no certified inequality with positive value and bound");
        continue;
      }
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

// The heat map and the looseness block (verify/results/source_looseness.hpp) show the same median per head.
TEST(RatioHeatmap, AgreesWithTheLoosenessBlock) {
  const RunResults& r = test::fixture_results();
  std::size_t compared = 0;
  for (const TheoremLooseness& l : looseness_of(r)) {
    const auto t = std::find_if(r.theorems.begin(), r.theorems.end(),
                                [&](const TheoremResult& x) { return x.info.id == l.id; });
    ASSERT_NE(t, r.theorems.end());
    const auto f = ratio_heatmap(*t, r.settings);
    ASSERT_TRUE(f) << l.id;
    const auto& h = std::get<HeatMap>(f->plot);
    for (const RatioSpread& g : l.groups) {
      const auto c = std::find_if(h.cells.begin(), h.cells.end(), [&](const HeatCell& c) {
        return std::to_string(c.row) == g.layer && std::to_string(c.col) == g.head;
      });
      ASSERT_NE(c, h.cells.end()) << l.id << " layer " << g.layer << " head " << g.head;
      char digits[32];
      std::snprintf(digits, sizeof digits, "%.2f", std::log10(g.median));
      const std::string printed = std::string(digits) == "-0.00" ? "0.00" : digits;  // a ratio just below 1
      EXPECT_EQ(c->note.rfind("median log10(value/bound) " + printed, 0), 0u) << c->note << " vs " << printed;
      ++compared;
    }
  }
  EXPECT_GE(compared, 11u) << "5 heads with a certified case of the sharp theorem, 6 of the printed one";
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

// Row 0 of causal attention has a single key (weight 1 whatever the logits): both maps leave it out
// and say how many they left, so that it does not paint every head; its cell stays blank when the
// head has no other row. Head labels: at most 7, so that 12 heads do not run together.
TEST(LayerHeadHeatmaps, LeaveOutRowsOfASingleKeyAndLabelHeadsLegibly) {
  const RunResults& r = test::fixture_results();
  TheoremResult t = test::theorem_named(r, "softmax-jacobian-spectral-sharp");
  const std::size_t cells = std::get<HeatMap>(smallest_slack_heatmap(t, r.settings)->plot).cells.size();
  t.outcomes.front().provenance["row"] = "0";
  t.outcomes.front().provenance["head"] = "11";
  for (const auto& f : {smallest_slack_heatmap(t, r.settings), ratio_heatmap(t, r.settings)}) {
    ASSERT_TRUE(f);
    EXPECT_NE(plain_text(f->caption).find("(and 1 case at row 0 left out: a single key, whose weight is 1)"), std::string::npos)
        << plain_text(f->caption);
    const auto& h = std::get<HeatMap>(f->plot);
    EXPECT_LE(h.cells.size(), cells) << f->name;  // no cell for head 11, whose one case is row 0
    EXPECT_TRUE(std::none_of(h.cells.begin(), h.cells.end(), [](const HeatCell& c) { return c.col == 11; }));
  }
  const Axis heads = index_axis({"head", "head"}, 12);
  EXPECT_LE(heads.ticks.size(), 7u);
  EXPECT_GE(heads.ticks.size(), 4u);
}

}  // namespace
}  // namespace nb::reports
