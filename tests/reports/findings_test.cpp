#include "reports/findings.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "reports/report_content.hpp"
#include "tests/reports/fixture_results.hpp"

namespace nb::reports {
namespace {

std::vector<std::string> findings_text() {
  const ReportContent c = report_content(test::fixture_results(), {5});
  std::vector<std::string> out;
  for (const RichText& f : c.findings) out.push_back(plain_text(f));
  return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// An overview first, then what is false, what is violated statistically, and last what is left
// undecided (the fixture has no theorem that holds on every case).
TEST(Findings, PutWhatIsFalseFirst) {
  const std::vector<std::string> f = findings_text();
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0], "Of 3 theorems checked: 1 false as stated (certified counterexamples); 1 violated statistically; 1 "
                  "not decided on every case.");
  EXPECT_TRUE(f[1].starts_with("False as stated.")) << f[1];
  EXPECT_TRUE(contains(f[1], "softmax-jacobian-spectral-as-printed"));
  EXPECT_TRUE(f[2].starts_with("Violated (statistical).")) << f[2];
  EXPECT_TRUE(contains(f[2], "separability-upper-envelope-expectation"));
  EXPECT_TRUE(f[3].starts_with("Not decided on every case.")) << f[3];
  EXPECT_TRUE(contains(f[3], "softmax-jacobian-spectral-sharp"));
}

TEST(Findings, GiveTheMinimalWitnessToSixDigitsAndTheValidForm) {
  const std::string f = findings_text()[1];
  EXPECT_TRUE(contains(f, ": 4 certified counterexamples among 6 cases.")) << f;
  EXPECT_TRUE(contains(f, "Witness with the fewest input values, case 0 (ties L=2 T=1, layer 0, head 0): value \u2248 0.5 against bound 0.25, "
                          "slack \u2248 -0.25"))
      << f;
  // The valid form comes from the theorem's data (corrected_by), with its own verdicts.
  EXPECT_TRUE(contains(f, "Valid form: softmax-jacobian-spectral-sharp, ")) << f;
}

// TIGHT is never counted as holding: a theorem with TIGHT or INCONCLUSIVE cases is "not decided".
TEST(Findings, NeverCountTightAsHolding) {
  const std::string f = findings_text()[3];
  EXPECT_FALSE(contains(f, "holds on all")) << f;
  EXPECT_TRUE(contains(f, "1 EQUAL (exact): bound attained")) << f;
  EXPECT_TRUE(contains(f, "1 INCONCLUSIVE of 6 cases; no counterexample.")) << f;
  EXPECT_TRUE(contains(f, "The bound is attained (slack certified exactly 0) on 1 case, the first case 3 "
                          "(top-tie L=42 T=1/64, layer 1, head 0)"))
      << f;
}

TEST(Findings, KeepStatisticalWords) {
  const std::string f = findings_text()[2];
  EXPECT_TRUE(contains(f, "VIOLATED (statistical)")) << f;
  EXPECT_TRUE(contains(f, "at confidence 0.999")) << f;
  EXPECT_FALSE(contains(f, "counterexample")) << f;
}

// The words match their thresholds: a bound some case comes within relative slack 0.1 of, but none
// within the near-tight threshold, is close, not loose (the finite-difference envelope at 0.00166);
// the overview names each threshold.
TEST(Findings, CallABoundLooseOnlyBeyondItsThreshold) {
  const ReportContent c = report_content(test::figure_results(), {5});
  std::vector<std::string> f;
  for (const RichText& x : c.findings) f.push_back(plain_text(x));
  EXPECT_EQ(f[0], "Of 5 theorems checked: 3 false as stated (certified counterexamples); 1 sharp (attained, or within "
                  "relative slack 0.001); 1 close (some case within relative slack 0.1).");
  const auto envelope = std::find_if(f.begin(), f.end(), [](const std::string& s) {
    return contains(s, "(finite-difference-sensitivity)");
  });
  ASSERT_NE(envelope, f.end());
  EXPECT_TRUE(envelope->starts_with("Close.")) << *envelope;
  EXPECT_TRUE(contains(*envelope, "Smallest relative slack \u2248 0.00166334")) << *envelope;
}

}  // namespace
}  // namespace nb::reports
