// Work in a time-limited child process (verify/io/time_limited_child.hpp): an answer comes back
// whole (also beyond a socket's buffer), work that never ends is killed at its CPU-time limit
// whatever it runs, and no child is left behind. A TimeLimitedWorker's child, a fork or a fresh
// program, answers request after request, each with a CPU-time limit of its own, and one killed or
// ended is replaced at the next request. The time limits below are bounds that catch a hang, not
// speed targets.
#include "verify/io/time_limited_child.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <chrono>
#include <ctime>
#include <stdexcept>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/verify/time_limited_serve.hpp"

namespace nb {
namespace time_limited_child_test {

const std::string kServeProgram = NORMBOUND_TIME_LIMITED_SERVE_PROGRAM;

// Whether this process has no child left (none running, none unreaped).
bool no_child_left() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(TimeLimitedChild, ReturnsTheAnswerWhole) {
  // 1 MiB: more than a pipe holds, so the parent must read while the child writes.
  std::string expected(1 << 20, '\0');
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<char>(i * 7919 % 251);
  const ChildEnd end = run_in_time_limited_child([&] { return expected; }, 30);
  ASSERT_EQ(end.kind, ChildEnd::Kind::Answered) << end.failure;
  EXPECT_EQ(end.answer, expected);
  EXPECT_TRUE(no_child_left());
}

TEST(TimeLimitedChild, WorkThatNeverEndsIsKilledAtItsCpuTimeLimit) {
  const auto start = std::chrono::steady_clock::now();
  const ChildEnd end = run_in_time_limited_child(
      [] {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;  // CPU-bound, never returns
        return std::string();
      },
      0.3);
  EXPECT_EQ(end.kind, ChildEnd::Kind::OverTimeLimit);
  EXPECT_LT(seconds_since(start), 60) << "the limit must hold (a hang would be killed by ctest much later)";
  EXPECT_TRUE(no_child_left());
}

TEST(TimeLimitedChild, ChangesInTheChildStayThere) {
  int value = 1;
  const ChildEnd end = run_in_time_limited_child(
      [&] {
        value = 2;
        return std::to_string(value);
      },
      30);
  ASSERT_EQ(end.kind, ChildEnd::Kind::Answered);
  EXPECT_EQ(end.answer, "2");
  EXPECT_EQ(value, 1);
}

TEST(TimeLimitedChild, AnExceptionEndsTheChildAsFailed) {
  const ChildEnd end = run_in_time_limited_child([]() -> std::string { throw std::runtime_error("boom"); }, 30);
  EXPECT_EQ(end.kind, ChildEnd::Kind::Failed);
  EXPECT_FALSE(end.failure.empty());
  EXPECT_TRUE(no_child_left());
}

TEST(TimeLimitedChild, RunningOutOfMemoryIsReportedAsSuch) {
  const ChildEnd end = run_in_time_limited_child([]() -> std::string { throw std::bad_alloc(); }, 30);
  EXPECT_EQ(end.kind, ChildEnd::Kind::OutOfMemory);
}

// Restores a signal's disposition at the end of a test that changes it.
class SavedDisposition {
 public:
  explicit SavedDisposition(int signal) : signal_(signal) { ::sigaction(signal, nullptr, &saved_); }
  ~SavedDisposition() { ::sigaction(signal_, &saved_, nullptr); }

 private:
  int signal_;
  struct sigaction saved_ {};
};

void do_nothing_on_signal(int) {}

// How a child that sends itself SIGINT ends when the parent's SIGINT disposition is `disposition`.
ChildEnd child_raising_sigint(void (*disposition)(int)) {
  const SavedDisposition saved(SIGINT);
  std::signal(SIGINT, disposition);
  return run_in_time_limited_child(
      [] {
        std::raise(SIGINT);
        return std::string("still running");
      },
      30);
}

// A background job ignores SIGINT; its children must too, or a Ctrl-C meant for the foreground
// would end the exact decisions of a run that goes on (they ended as "failed").
TEST(TimeLimitedChild, SignalsTheParentIgnoresStayIgnored) {
  const ChildEnd end = child_raising_sigint(SIG_IGN);
  ASSERT_EQ(end.kind, ChildEnd::Kind::Answered) << end.failure;
  EXPECT_EQ(end.answer, "still running");
}

// Where the parent handles SIGINT (to remove its outputs and exit), the child takes the default
// action: Ctrl-C ends it with the parent.
TEST(TimeLimitedChild, SignalsTheParentHandlesEndTheChild) {
  const ChildEnd end = child_raising_sigint(do_nothing_on_signal);
  EXPECT_EQ(end.kind, ChildEnd::Kind::Failed);
  EXPECT_NE(end.failure.find("signal"), std::string::npos) << end.failure;
}

// Whether `pid` is no child of this process any more (ended and reaped).
bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

// Each test of a worker runs with children forked (no program) and with the fresh program.
class TimeLimitedWorkerTest : public testing::TestWithParam<FreshProgram> {};

INSTANTIATE_TEST_SUITE_P(ForkedOrFresh, TimeLimitedWorkerTest,
                         testing::Values(FreshProgram{}, FreshProgram{kServeProgram, "--serve"}),
                         [](const auto& info) { return info.param.empty() ? "Forked" : "FreshProgram"; });

TEST_P(TimeLimitedWorkerTest, OneChildAnswersRequestAfterRequest) {
  TimeLimitedWorker worker(serve, GetParam());
  EXPECT_EQ(worker.pid(), 0) << "no child before the first request";
  for (int i = 0; i < 5; ++i) {
    const ChildEnd end = worker.run(std::to_string(i), 30);
    ASSERT_EQ(end.kind, ChildEnd::Kind::Answered) << end.failure;
    ASSERT_NE(worker.pid(), 0);
    EXPECT_EQ(end.answer, std::to_string(i) + " by " + std::to_string(worker.pid()) +
                              (GetParam().empty() ? "" : " (fresh program)"))
        << "the same child each time";
  }
}

TEST_P(TimeLimitedWorkerTest, TheCpuTimeLimitCountsFromEachRequest) {
  TimeLimitedWorker worker(serve, GetParam());
  // 4 x 0.2 s of CPU time in one child: each request within its 0.5 s, all of them beyond it.
  for (int i = 0; i < 4; ++i) EXPECT_EQ(worker.run("work", 0.5).kind, ChildEnd::Kind::Answered) << i;
}

TEST_P(TimeLimitedWorkerTest, AChildKilledOrEndedIsReplacedAtTheNextRequest) {
  TimeLimitedWorker worker(serve, GetParam());
  for (const auto& [request, kind] : {std::pair{"spin", ChildEnd::Kind::OverTimeLimit},
                                      std::pair{"throw", ChildEnd::Kind::Failed},
                                      std::pair{"memory", ChildEnd::Kind::OutOfMemory}}) {
    ASSERT_EQ(worker.run("before", 30).kind, ChildEnd::Kind::Answered);
    const pid_t before = worker.pid();
    EXPECT_EQ(worker.run(request, 0.3).kind, kind) << request;
    EXPECT_EQ(worker.pid(), 0) << request;
    EXPECT_TRUE(reaped(before)) << request;
    const ChildEnd after = worker.run("after", 30);
    ASSERT_EQ(after.kind, ChildEnd::Kind::Answered) << request << ": " << after.failure;
    EXPECT_NE(worker.pid(), before) << request << ": a fresh child";
  }
}

TEST_P(TimeLimitedWorkerTest, TheChildEndsWithItsWorker) {
  pid_t pid = 0;
  {
    TimeLimitedWorker worker(serve, GetParam());
    ASSERT_EQ(worker.run("x", 30).kind, ChildEnd::Kind::Answered);
    pid = worker.pid();
  }
  EXPECT_TRUE(reaped(pid));
}

// Why normbound's children are fresh programs: a forked child inherits, locked for good, every lock
// held at the fork (here the forking thread's own; in normbound another thread's, such as a
// sanitizer's allocator lock), and stalls on it; a fresh program holds none.
TEST(TimeLimitedWorker, AFreshProgramHoldsNoLockOfTheParent) {
  const std::lock_guard<std::mutex> held(held_by_the_test());
  TimeLimitedWorker fresh(serve, {kServeProgram, "--serve"});
  const ChildEnd end = fresh.run("lock", 30);
  EXPECT_EQ(end.kind, ChildEnd::Kind::Answered) << end.failure;
  TimeLimitedWorker forked(serve);
  EXPECT_EQ(forked.run("lock", 0.1).kind, ChildEnd::Kind::Stalled) << "the fork's copy of the lock is held";
}

TEST(TimeLimitedWorker, AProgramThatCannotStartGivesWayToAFork) {
  for (const FreshProgram& program : {FreshProgram{"/nonexistent/program", "--serve"},
                                      FreshProgram{kServeProgram, "--not-serving"}}) {
    TimeLimitedWorker worker(serve, program);
    const ChildEnd end = worker.run("x", 30);
    ASSERT_EQ(end.kind, ChildEnd::Kind::Answered) << program[0] << ": " << end.failure;
    EXPECT_EQ(end.answer, "x by " + std::to_string(worker.pid())) << program[0] << ": answered by a fork";
  }
}

}  // namespace time_limited_child_test
}  // namespace nb
