// Exact decisions in each thread's child process (verify/engine/exact_decision_in_child.hpp): one child
// serves a thread's decisions one after another, each answer identical in every bit to
// decide_claims_exactly run here; a case or theorem that cannot travel as bytes is decided in a
// child of its own, with the same answer; a thread's child ends with the thread; a task of a
// theorem's own runs in the same child, within its time limit.
#include "verify/engine/exact_decision_in_child.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <thread>

#include <unistd.h>

#include <mpfi.h>
#include <mpfr.h>
#include <sys/wait.h>

#include "tests/verify/third_comparison.hpp"

namespace nb {
namespace exact_decision_in_child_test {

using test::third_comparison;

// Made before any child is forked, and never changed: a theorem the children may use.
const TheoremModel<test::ThirdComparison> registered;

const Theorem* find_registered(const std::string& id) { return id == registered.info().id ? &registered : nullptr; }

// What decide_claims_exactly is given and changes, and its result.
struct Decision {
  Sides<Interval> sides;
  std::vector<Verdict> verdicts;
  std::vector<SlackEnclosure> slacks;
  std::string result;
};

// Case `c` of `theorem` as the engine hands it to an exact decision: evaluated in intervals at the
// cap of `bits` bits (the thread's working precision from now on), each claim classified there.
Decision undecided(const Theorem& theorem, const Case& c, unsigned bits = 256) {
  set_working_precision(bits);
  Decision d;
  d.sides = theorem.evaluate_interval(c, EvalContext{});
  const SlackClassifier classify{VerdictPolicy{}, working_precision(), true, c.size()};
  for (const Claim<Interval>& claim : d.sides.claims) {
    d.slacks.push_back(slack_of(claim));
    d.verdicts.push_back(classify(d.slacks.back(), claim));
  }
  return d;
}

Decision decided_here(const Theorem& theorem, const Case& c, unsigned bits = 256) {
  Decision d = undecided(theorem, c, bits);
  const SlackClassifier classify{VerdictPolicy{}, working_precision(), true, c.size()};
  d.result = decide_claims_exactly(theorem, c, EvalContext{}, ExactBudget{}, classify, d.sides, d.verdicts, d.slacks);
  return d;
}

Decision decided_in_child(const Theorem& theorem, const Case& c, unsigned bits = 256) {
  Decision d = undecided(theorem, c, bits);
  const SlackClassifier classify{VerdictPolicy{}, working_precision(), true, c.size()};
  d.result = decide_claims_exactly_within(30, theorem, c, EvalContext{}, ExactBudget{}, classify, d.sides, d.verdicts,
                                          d.slacks);
  return d;
}

// Same precision, same bits (NaN and the sign of 0 included).
bool identical(mpfr_srcptr x, mpfr_srcptr y) {
  if (mpfr_get_prec(x) != mpfr_get_prec(y)) return false;
  if (mpfr_nan_p(x) || mpfr_nan_p(y)) return mpfr_nan_p(x) && mpfr_nan_p(y);
  return mpfr_equal_p(x, y) && mpfr_signbit(x) == mpfr_signbit(y);
}
bool identical(const Mpfr& a, const Mpfr& b) { return identical(a.backend().data(), b.backend().data()); }
bool identical(const Interval& a, const Interval& b) {
  return mpfi_get_prec(a.backend().data()) == mpfi_get_prec(b.backend().data()) &&
         identical(&a.backend().data()->left, &b.backend().data()->left) &&
         identical(&a.backend().data()->right, &b.backend().data()->right);
}

void expect_identical(const Decision& a, const Decision& b, const std::string& label) {
  EXPECT_EQ(a.result, b.result) << label;
  EXPECT_EQ(a.verdicts, b.verdicts) << label;
  ASSERT_EQ(a.sides.claims.size(), b.sides.claims.size()) << label;
  for (std::size_t i = 0; i < a.sides.claims.size(); ++i) {
    EXPECT_EQ(a.sides.claims[i].name, b.sides.claims[i].name) << label;
    EXPECT_TRUE(identical(a.sides.claims[i].value, b.sides.claims[i].value)) << label;
    EXPECT_TRUE(identical(a.sides.claims[i].bound, b.sides.claims[i].bound)) << label;
  }
  ASSERT_EQ(a.slacks.size(), b.slacks.size()) << label;
  for (std::size_t i = 0; i < a.slacks.size(); ++i) {
    const SlackEnclosure &s = a.slacks[i], &t = b.slacks[i];
    EXPECT_TRUE(identical(s.lo, t.lo) && identical(s.hi, t.hi) && identical(s.relative_lo, t.relative_lo) &&
                identical(s.relative_hi, t.relative_hi) && identical(s.bound_magnitude, t.bound_magnitude))
        << label;
    EXPECT_EQ(s.relative_is_absolute, t.relative_is_absolute) << label;
    EXPECT_EQ(s.known, t.known) << label;
  }
}

// Cases whose decisions cover every outcome: an attained bound (EQUAL (exact); VIOLATED for a strict
// relation), a slack of 10^-200 below resolution, an indicator that intervals leave INCONCLUSIVE, and
// a claim without an exact form (stays TIGHT, saying why).
std::vector<Case> undecided_cases() {
  const std::string above_third = "0." + std::string(200, '3') + "4";
  std::vector<Case> cases = {third_comparison("1/3", "<="), third_comparison("1/3", "<"),
                             third_comparison(above_third, "<="), third_comparison("1/3", ">=")};
  cases.push_back(third_comparison("1/3", "<="));
  cases.back().options["indicator"] = "yes";
  cases.push_back(third_comparison("1/3", "<="));
  cases.back().options["norm"] = "yes";
  return cases;
}

// Whether `pid` is no child of this process any more (ended and reaped).
bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

TEST(ExactDecisionInChild, OneChildServesAThreadsDecisionsWithTheInProcessAnswers) {
  find_theorems_in_exact_workers(&find_registered);
  std::vector<pid_t> pids;
  std::thread([&] {
    EXPECT_EQ(exact_decision_worker_pid(), 0) << "no child before the first decision";
    // The child was forked at 256 bits: it must take each request's precision.
    for (unsigned bits : {256u, 512u})
      for (const Case& c : undecided_cases()) {
        const Decision here = decided_here(registered, c, bits), there = decided_in_child(registered, c, bits);
        expect_identical(here, there, c.label + " at " + std::to_string(bits) + " bits");
        EXPECT_NE(there.result, "") << c.label << ": the premise, an exact decision";
        pids.push_back(exact_decision_worker_pid());
      }
  }).join();
  ASSERT_FALSE(pids.empty());
  EXPECT_NE(pids.front(), 0);
  for (pid_t pid : pids) EXPECT_EQ(pid, pids.front()) << "the same child for every decision";
  EXPECT_TRUE(reaped(pids.front())) << "the child ends with its thread";
}

TEST(ExactDecisionInChild, WhatCannotTravelIsDecidedInAChildOfItsOwn) {
  find_theorems_in_exact_workers(&find_registered);
  Case negative_zero = third_comparison("1/3", "<=");
  negative_zero.numbers["unread"] = ExactTensor::scalar(-0.0);  // reads back from JSON as +0
  const TheoremModel<test::ThirdComparison> unregistered;        // made after the children
  std::thread([&] {
    const Decision a = undecided(registered, negative_zero);
    const SlackClassifier classify{VerdictPolicy{}, working_precision(), true, negative_zero.size()};
    EXPECT_FALSE(exact_decision_request(registered, negative_zero, EvalContext{}, ExactBudget{}, classify, a.sides,
                                        a.verdicts, a.slacks))
        << "-0 cannot travel as JSON";
    expect_identical(decided_here(registered, negative_zero), decided_in_child(registered, negative_zero), "-0");
    const Case third = third_comparison("1/3", "<=");
    expect_identical(decided_here(unregistered, third), decided_in_child(unregistered, third), "unregistered");
    EXPECT_EQ(exact_decision_worker_pid(), 0) << "both decided in children of their own";
  }).join();
}

// Tasks for the thread's child: the child's process id after the input, and a loop without end.
std::string echo_with_pid(const std::string& input) { return input + " " + std::to_string(::getpid()); }
std::string spin(const std::string&) {
  for (volatile std::uint64_t n = 0;; n = n + 1) {
  }
}

TEST(ExactDecisionInChild, ATaskRunsInTheThreadsChildWithinItsTimeLimit) {
  add_exact_task("echo-with-pid", &echo_with_pid);
  add_exact_task("spin", &spin);
  std::thread([&] {
    const std::optional<std::string> first = run_exact_task_within(5, "echo-with-pid", "a");
    const pid_t child = exact_decision_worker_pid();
    ASSERT_TRUE(first.has_value());
    EXPECT_NE(child, ::getpid());
    EXPECT_EQ(*first, "a " + std::to_string(child)) << "run in the thread's child";
    EXPECT_FALSE(run_exact_task_within(0.5, "spin", "")) << "over its time limit";
    EXPECT_TRUE(reaped(child)) << "the child that went over its limit is gone";
    const std::optional<std::string> after = run_exact_task_within(5, "echo-with-pid", "b");
    ASSERT_TRUE(after.has_value()) << "a fresh child answers the next request";
    EXPECT_EQ(*after, "b " + std::to_string(exact_decision_worker_pid()));
    EXPECT_FALSE(run_exact_task_within(5, "no-such-task", "")) << "an unknown task is a failure of the child";
  }).join();
}

}  // namespace exact_decision_in_child_test
}  // namespace nb
