// Work in a time-limited child process (verify/time_limited_child.hpp): an answer comes back
// whole (also beyond a socket's buffer), work that never ends is killed at its CPU-time limit
// whatever it runs, and no child is left behind. A TimeLimitedWorker's child answers request after
// request, each with a CPU-time limit of its own, and one killed or ended is replaced at the next
// request. The time limits below are bounds that catch a hang, not speed targets.
#include "verify/time_limited_child.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <chrono>
#include <ctime>
#include <stdexcept>

#include <sys/wait.h>
#include <unistd.h>

namespace nb {
namespace time_limited_child_test {

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

// Answers "REQUEST by PID"; spins for ever on "spin"; uses about 0.2 s of CPU time on "work"; throws
// on "throw"; runs out of memory on "memory".
std::string serve(const std::string& request) {
  if (request == "spin")
    for (volatile unsigned long spin = 0;;) spin = spin + 1;
  if (request == "work") {
    const std::clock_t start = std::clock();
    for (volatile unsigned long spin = 0; std::clock() - start < CLOCKS_PER_SEC / 5;) spin = spin + 1;
  }
  if (request == "throw") throw std::runtime_error("boom");
  if (request == "memory") throw std::bad_alloc();
  return request + " by " + std::to_string(::getpid());
}

// Whether `pid` is no child of this process any more (ended and reaped).
bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

TEST(TimeLimitedWorker, OneChildAnswersRequestAfterRequest) {
  TimeLimitedWorker worker(serve);
  EXPECT_EQ(worker.pid(), 0) << "no child before the first request";
  for (int i = 0; i < 5; ++i) {
    const ChildEnd end = worker.run(std::to_string(i), 30);
    ASSERT_EQ(end.kind, ChildEnd::Kind::Answered) << end.failure;
    ASSERT_NE(worker.pid(), 0);
    EXPECT_EQ(end.answer, std::to_string(i) + " by " + std::to_string(worker.pid())) << "the same child each time";
  }
}

TEST(TimeLimitedWorker, TheCpuTimeLimitCountsFromEachRequest) {
  TimeLimitedWorker worker(serve);
  // 4 x 0.2 s of CPU time in one child: each request within its 0.5 s, all of them beyond it.
  for (int i = 0; i < 4; ++i) EXPECT_EQ(worker.run("work", 0.5).kind, ChildEnd::Kind::Answered) << i;
}

TEST(TimeLimitedWorker, AChildKilledOrEndedIsReplacedAtTheNextRequest) {
  TimeLimitedWorker worker(serve);
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

TEST(TimeLimitedWorker, TheChildEndsWithItsWorker) {
  pid_t pid = 0;
  {
    TimeLimitedWorker worker(serve);
    ASSERT_EQ(worker.run("x", 30).kind, ChildEnd::Kind::Answered);
    pid = worker.pid();
  }
  EXPECT_TRUE(reaped(pid));
}

}  // namespace time_limited_child_test
}  // namespace nb
