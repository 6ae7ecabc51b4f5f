// The engine: results independent of thread count, Ziv escalation to the cap, input errors.
#include <gtest/gtest.h>

#include "tests/verify/third_comparison.hpp"
#include "verify/engine.hpp"
#include "verify/errors.hpp"

namespace nb {
namespace {

using test::ThirdComparison;

Case with_x(const std::string& x) { return test::third_comparison(x); }

TEST(Engine, DecidesEscalatesAndCaps) {
  const TheoremModel<ThirdComparison> theorem;
  const std::vector<Case> cases = {with_x("0.25"), with_x("0.5"), with_x("1/3"),
                                   with_x("0.33333333333333333333333333333333333333334")};
  CheckSettings s;
  s.precision = 64;
  s.max_precision = 512;
  s.exact.units = 0;  // intervals alone (exact decisions of TIGHT cases: exact_decision_test.cpp)
  const auto out = evaluate_cases(theorem, cases, s);
  EXPECT_EQ(out[0].verdict, Verdict::Proven);
  EXPECT_EQ(out[1].verdict, Verdict::Violated);
  EXPECT_EQ(out[2].verdict, Verdict::Tight) << "1/3 <= 1/3 in binary intervals is equality within resolution";
  EXPECT_GE(out[2].precision_bits, 512u);
  EXPECT_EQ(out[3].verdict, Verdict::Violated) << "needs more than 64 bits to see it is above 1/3";
  EXPECT_GT(out[3].precision_bits, 64u);
  EXPECT_LT(out[3].precision_bits, 512u);
}

TEST(Engine, OutcomesDoNotDependOnThreadCount) {
  const TheoremModel<ThirdComparison> theorem;
  std::vector<Case> cases;
  for (int k = 0; k < 40; ++k) cases.push_back(with_x(std::to_string(k) + "/120"));
  CheckSettings one, four;
  four.threads = 4;
  const auto a = evaluate_cases(theorem, cases, one), b = evaluate_cases(theorem, cases, four);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].verdict, b[i].verdict);
    EXPECT_EQ(a[i].slack.lo, b[i].slack.lo);
    EXPECT_EQ(a[i].slack.hi, b[i].slack.hi);
    EXPECT_EQ(a[i].precision_bits, b[i].precision_bits);
  }
}

TEST(Engine, AssumptionViolationsAreInputErrorsNamingTheCase) {
  const TheoremModel<ThirdComparison> theorem;
  Case bad;
  bad.label = "vector x";
  bad.numbers["x"] = ExactTensor::vector({1, 2});
  try {
    evaluate_cases(theorem, {bad}, CheckSettings{});
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("vector x"), std::string::npos) << e.what();
  }
}

TEST(Engine, CaseSeedsDifferPerIndexAndRun) {
  EXPECT_NE(case_seed(1, 0), case_seed(1, 1));
  EXPECT_NE(case_seed(1, 0), case_seed(2, 0));
  EXPECT_EQ(case_seed(5, 9), case_seed(5, 9));
}

}  // namespace
}  // namespace nb
