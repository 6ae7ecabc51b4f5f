// Looseness on a source's cases: ratios per layer x head, and "vacuous" only when every case's
// bound is more than 10 times looser than its value.
#include "verify/source_looseness.hpp"

#include <gtest/gtest.h>

namespace nb {
namespace {

CaseOutcome outcome(double value, double bound, Relation relation, int layer, int head) {
  CaseOutcome o;
  o.verdict = Verdict::Proven;
  o.relation = relation;
  o.value.approx = value;
  o.bound.approx = bound;
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
  EXPECT_DOUBLE_EQ(l[0].max_ratio, 0.05);  // 1/20, 5/100 and the lower bound's 2/50
  ASSERT_EQ(l[0].groups.size(), 3u);       // (0, 0), (0, 1), (1, 0)
  EXPECT_EQ(l[0].groups[0].cases, 2u);
  EXPECT_DOUBLE_EQ(l[0].groups[0].min, 0.025);
  EXPECT_DOUBLE_EQ(l[0].groups[0].median, 0.0375);
  EXPECT_FALSE(l[1].vacuous);
  EXPECT_NE(vacuous_lines(l).find("loose: vacuous on this input"), std::string::npos);
  EXPECT_EQ(vacuous_lines(l).find("tight:"), std::string::npos);
}

}  // namespace
}  // namespace nb
