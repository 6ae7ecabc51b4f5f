// Suites in a regime (verify/engine/suite_regime.hpp): every theorem whose suite declares shape parts
// (TheoremInfo::shapes) draws its regime cases at exactly those parts, within its assumptions; a
// theorem that takes no shape, or only shorter rows, is left out with its reason.
#include "verify/engine/suite_regime.hpp"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"
#include "verify/engine/case_shape.hpp"
#include "verify/results/run.hpp"

namespace nb {
namespace regime_suite_test {

constexpr std::uint64_t kSeed = 20251201;

// The paper's regime as the paper states it (GPT-2: d_head = 64, T = sqrt(d_head), up to 1024
// positions), written out here rather than read from paper_regime().
constexpr std::size_t kPaperWidth = 64, kPaperLongest = 1024;

class RegimeSuite : public ::testing::TestWithParam<std::string> {
 protected:
  const Theorem& theorem() const { return *theorems::find(GetParam()); }
};

std::vector<std::string> registered_ids() {
  std::vector<std::string> ids;
  for (const auto& t : theorems::all()) ids.push_back(t->info().id);
  return ids;
}

TEST_P(RegimeSuite, PaperCasesHaveTheDeclaredShapes) {
  const TheoremInfo& info = theorem().info();
  const RegimeShapes shapes = regime_shapes(info, paper_regime());
  const std::vector<Case> cases = regime_cases(theorem(), paper_regime(), kSeed, 6);
  // A theorem whose longest L (max_L) is below every L of the regime is not run in it either.
  const bool below_the_regime =
      info.shapes.max_L != 0 && std::all_of(paper_regime().shapes.begin(), paper_regime().shapes.end(),
                                            [&](const CaseShape& s) { return s.L && *s.L > info.shapes.max_L; });
  if (!info.shapes.any() || below_the_regime) {
    EXPECT_TRUE(cases.empty());
    EXPECT_EQ(shapes.note.rfind("not run, because ", 0), 0u) << shapes.note;
    EXPECT_FALSE(info.shapes.why.empty()) << "a theorem the regime does not run says why";
    return;
  }
  ASSERT_EQ(cases.size(), 6u) << shapes.note;
  std::set<std::size_t> lengths;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.label);
    const CaseShape s = shape_of(c);
    EXPECT_NO_THROW(theorem().check_assumptions(c));
    EXPECT_EQ(c.provenance.at("regime"), "paper");
    if (info.shapes.L) {
      ASSERT_TRUE(s.L);
      EXPECT_TRUE(*s.L == 64 || *s.L == 256 || *s.L == kPaperLongest) << *s.L;
      if (info.shapes.max_L) { EXPECT_LE(*s.L, info.shapes.max_L); }
      lengths.insert(*s.L);
    }
    if (info.shapes.d) {
      ASSERT_TRUE(s.d);
      EXPECT_EQ(*s.d, kPaperWidth);
    }
    if (info.shapes.T && c.numbers.contains("T")) { EXPECT_EQ(c.number("T").exact(0), 8); }
  }
  // Every regime length up to the theorem's limit is drawn, the longest included.
  if (info.shapes.L && info.shapes.max_L == 0) { EXPECT_EQ(*lengths.rbegin(), kPaperLongest); }
  if (info.shapes.max_L > 0) {
    EXPECT_NE(shapes.note.find("L <= " + std::to_string(info.shapes.max_L)), std::string::npos);
  }
}

TEST_P(RegimeSuite, DefaultSuiteDoesNotDependOnShapes) {
  // A request without shapes is the default suite, case for case, however many cases are asked.
  const std::vector<Case> a = theorem().suite({kSeed, 12}), b = theorem().suite({kSeed, 12, {}});
  EXPECT_EQ(a, b);
  const std::vector<Case> shaped = theorem().suite({kSeed, 12, {{.L = 64, .d = 64, .T = "8"}}});
  ASSERT_EQ(shaped.size(), 12u);
  if (!theorem().info().shapes.any()) { EXPECT_EQ(shaped, a) << "a suite that takes no shape ignores it"; }
}

TEST_P(RegimeSuite, DefaultRunEndsWithThePaperCasesWhereDeclared) {
  // check's suite (suite_cases) is the default suite, then, where the theorem says so, one case at
  // each paper shape it runs at; a theorem that is not run in the regime cannot ask for them.
  const TheoremInfo& info = theorem().info();
  const std::vector<Case> suite = theorem().suite({kSeed, 12});
  const std::vector<Case> run = suite_cases(theorem(), kSeed, 12).cases;
  ASSERT_GE(run.size(), suite.size());
  EXPECT_TRUE(std::equal(suite.begin(), suite.end(), run.begin())) << "the default suite comes first, unchanged";
  const std::size_t added = run.size() - suite.size();
  if (!info.shapes.in_default_suite) {
    EXPECT_EQ(added, 0u);
    return;
  }
  EXPECT_TRUE(info.shapes.any()) << "in the default suite but not run in the regime";
  EXPECT_EQ(added, regime_shapes(info, paper_regime()).shapes.size());
  std::set<std::size_t> lengths;
  for (std::size_t i = suite.size(); i < run.size(); ++i) {
    EXPECT_EQ(run[i].provenance.at("regime"), "paper") << run[i].label;
    EXPECT_NO_THROW(theorem().check_assumptions(run[i])) << run[i].label;
    if (info.shapes.L) lengths.insert(*shape_of(run[i]).L);
  }
  if (info.shapes.L) { EXPECT_EQ(lengths.size(), added) << "one case per paper length"; }
}

INSTANTIATE_TEST_SUITE_P(Registered, RegimeSuite, ::testing::ValuesIn(registered_ids()),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The theorem that enumerates all 2^L subsets of a row cannot be run at L = 64: it is reported so.
TEST(RegimeSuite, ExponentialTheoremIsNotRunAndSaysWhy) {
  const Theorem& t = *theorems::find("topn-distance-random-monotone");
  EXPECT_TRUE(regime_cases(t, paper_regime(), kSeed, 3).empty());
  const std::string summary = regime_summary(t.info(), paper_regime());
  EXPECT_NE(summary.find("not run, because"), std::string::npos) << summary;
  EXPECT_NE(summary.find("2^L"), std::string::npos) << summary;
}

// The structured Jacobian norm makes L = 1024 cheap: Corollary 3's theorems run at every length.
TEST(RegimeSuite, SoftmaxJacobianRunsAtEveryPaperLength) {
  const Theorem& t = *theorems::find("softmax-jacobian-spectral-sharp");
  EXPECT_EQ(regime_summary(t.info(), paper_regime()), "L=64, T=8; L=256, T=8; L=1024, T=8");
}

TEST(RegimeSuite, UnknownRegimeIsAUsageError) {
  EXPECT_EQ(&regime_named("paper"), &paper_regime());
  EXPECT_THROW(regime_named("gpt3"), UsageError);
}

}  // namespace regime_suite_test
}  // namespace nb
