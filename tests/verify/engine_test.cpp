// The engine: results independent of thread count, Ziv escalation to the cap, input errors.
#include <gtest/gtest.h>

#include "verify/engine.hpp"
#include "verify/errors.hpp"

namespace nb {
namespace {

// "x <= 1/3" on the case's x, a claim that is true, false or an exact equality depending on x.
struct ThirdBound {
  static TheoremInfo info() {
    TheoremInfo i;
    i.id = "test-third-bound";
    i.title = "x <= 1/3";
    i.reads.numbers = {"x"};
    return i;
  }
  static std::vector<Case> suite(const SuiteRequest&) { return {}; }
  static void check_assumptions(const Case& c) {
    if (c.number("x").size() != 1) throw InputError("x must be a scalar");
  }
  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    Sides<R> s;
    s.claim("x <= 1/3", c.number("x").entry<R>(0), Relation::LessEqual, R(1) / R(3));
    return s;
  }
};

Case with_x(const std::string& x) {
  Case c;
  c.label = "x=" + x;
  c.numbers["x"] = ExactTensor::literal(x);
  return c;
}

TEST(Engine, DecidesEscalatesAndCaps) {
  const TheoremModel<ThirdBound> theorem;
  const std::vector<Case> cases = {with_x("0.25"), with_x("0.5"), with_x("1/3"),
                                   with_x("0.33333333333333333333333333333333333333334")};
  CheckSettings s;
  s.precision = 64;
  s.max_precision = 512;
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
  const TheoremModel<ThirdBound> theorem;
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
  const TheoremModel<ThirdBound> theorem;
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
