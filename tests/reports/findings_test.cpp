#include "reports/findings.hpp"

#include <gtest/gtest.h>

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

TEST(Findings, OrderTheoremsByWhetherTheyHold) {
  const std::vector<std::string> f = findings_text();
  ASSERT_EQ(f.size(), 3u);
  EXPECT_TRUE(contains(f[0], "softmax-jacobian-spectral-sharp"));  // holds where decided
  EXPECT_TRUE(contains(f[1], "softmax-jacobian-spectral-as-printed"));  // violated, results order
  EXPECT_TRUE(contains(f[2], "separability-upper-envelope-expectation"));
}

TEST(Findings, GiveTheMinimalWitnessOfAViolation) {
  const std::string f = findings_text()[1];
  EXPECT_TRUE(contains(f, "is violated on 4 of 6 cases, as expected"));
  EXPECT_TRUE(contains(f, "Minimal certified witness: case 0 (ties L=2 T=1, layer 0, head 0) with T = 1, logits = (0, 0)"));
  EXPECT_TRUE(contains(f, "slack in [-0.25, "));
}

TEST(Findings, SayWhatRemainsUndecidedAndWhereItIsTight) {
  const std::string f = findings_text()[0];
  EXPECT_TRUE(contains(f, "holds on every decided case"));
  EXPECT_TRUE(contains(f, "1 of its 6 cases remain undecided (1 INCONCLUSIVE, up to 2048 bits)"));
  EXPECT_TRUE(contains(f, "It is tight on 4 cases"));
  EXPECT_TRUE(contains(f, "(1 EQUAL (exact), 3 NEAR-TIGHT, EQUAL (exact) meaning the bound is attained"));
  EXPECT_TRUE(contains(f, "the bound is attained (slack exactly 0 in exact arithmetic) on 1 case, the first case 3 "
                          "(top-tie L=42 T=1/64, layer 1, head 0)"));
}

TEST(Findings, ReportStatisticalViolationsWithTheirConfidence) {
  const std::string f = findings_text()[2];
  EXPECT_TRUE(contains(f, "violated statistically on 1 of 6 cases at confidence 0.999, as expected"));
}

}  // namespace
}  // namespace nb::reports
