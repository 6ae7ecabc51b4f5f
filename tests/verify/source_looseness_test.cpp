// Looseness on a source's cases: ratios per layer x head, and "vacuous" only when every case's
// bound is more than 10 times looser than its value.
#include "verify/results/source_looseness.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace nb {
namespace {

// A point enclosure of `x` as recorded (decimal text and the double beside it).
EnclosureText point(double x) {
  const std::string text = std::to_string(x);
  return {text, text, x};
}

CaseOutcome outcome(double value, double bound, Relation relation, int layer, int head) {
  CaseOutcome o;
  o.verdict = Verdict::Proven;
  o.relation = relation;
  o.value = point(value);
  o.bound = point(bound);
  o.provenance = {{"layer", std::to_string(layer)}, {"head", std::to_string(head)}};
  return o;
}

TEST(SourceLooseness, RatiosPerHeadAndVacuousOnlyWhenEveryCaseIsTenTimesLoose) {
  RunResults results;
  TheoremResult loose;
  loose.info.id = "loose";
  loose.outcomes = {outcome(1, 20, Relation::LessEqual, 0, 0), outcome(1, 40, Relation::LessEqual, 0, 0),
                    outcome(5, 100, Relation::LessEqual, 0, 1), outcome(50, 2, Relation::GreaterEqual, 1, 0)};
  TheoremResult tight = loose;
  tight.info.id = "tight";
  tight.outcomes.push_back(outcome(1, 5, Relation::LessEqual, 1, 1));  // ratio 1/5: not vacuous
  results.theorems = {loose, tight};
  const std::vector<TheoremLooseness> l = looseness_of(results);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_TRUE(l[0].vacuous);
  EXPECT_NEAR(l[0].max_ratio, 0.05, 1e-15);  // 1/20, 5/100 and the lower bound's 2/50
  ASSERT_EQ(l[0].groups.size(), 3u);          // (0, 0), (0, 1), (1, 0)
  EXPECT_EQ(l[0].groups[0].cases, 2u);
  EXPECT_NEAR(l[0].groups[0].min, 0.025, 1e-15);
  // The median of 1/20 and 1/40 is their geometric mean, as the median of log10 ratios the heat
  // maps show (both from verify/results/tightness_ratio.hpp).
  EXPECT_NEAR(l[0].groups[0].median, std::sqrt(0.05 * 0.025), 1e-15);
  EXPECT_FALSE(l[1].vacuous);
  EXPECT_NE(vacuous_lines(l).find("loose: vacuous on this input"), std::string::npos);
  EXPECT_EQ(vacuous_lines(l).find("tight:"), std::string::npos);
}

// Only certified inequalities have a ratio: an undecided case's midpoint and an equality are left
// out, and a theorem with no other case has no looseness entry.
TEST(SourceLooseness, OnlyCertifiedInequalitiesCount) {
  RunResults results;
  TheoremResult t;
  t.info.id = "mixed";
  t.outcomes = {outcome(1, 20, Relation::LessEqual, 0, 0), outcome(1, 2, Relation::LessEqual, 0, 0),
                outcome(1, 1, Relation::Equal, 0, 0)};
  t.outcomes[1].verdict = Verdict::Inconclusive;
  results.theorems = {t};
  const std::vector<TheoremLooseness> l = looseness_of(results);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].cases, 1u);
  EXPECT_TRUE(l[0].vacuous) << "the inconclusive ratio 1/2 is not counted";
  results.theorems[0].outcomes.erase(results.theorems[0].outcomes.begin());
  EXPECT_TRUE(looseness_of(results).empty());
}

// A ratio beyond double's range (a bound 10^400 times the value) is kept, and the factor printed.
TEST(SourceLooseness, RatiosBeyondDoubleRangeKeepTheirSize) {
  RunResults results;
  TheoremResult t;
  t.info.id = "huge";
  t.outcomes = {outcome(1, 1, Relation::LessEqual, 0, 0)};
  t.outcomes[0].bound = {"1e400", "1e400", std::numeric_limits<double>::infinity()};
  results.theorems = {t};
  const std::vector<TheoremLooseness> l = looseness_of(results);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_NEAR(l[0].max_log10_ratio, -400, 1e-9);
  EXPECT_NE(vacuous_lines(l).find("at least 1e+400 times looser"), std::string::npos) << vacuous_lines(l);
}

}  // namespace
}  // namespace nb
