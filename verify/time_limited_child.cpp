#include "verify/time_limited_child.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <new>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "verify/out_of_memory.hpp"

namespace nb {
namespace {

constexpr int kAnswerFd = 3;       // the child's end of the pipe, moved here
constexpr int kWorkThrew = 70;     // the child's status when an exception escaped the work
constexpr int kPollMilliseconds = 10;

bool write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

[[noreturn]] void run_child(int answer_fd, pid_t parent, const std::function<std::string()>& work) {
  // Killed with its parent: the forking thread waits for this child, so it is alive until then.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(kWorkThrew);  // the parent died before prctl
  // The parent's handlers of SIGINT and SIGTERM end the parent (verify/cli/interrupt_signals.hpp):
  // here the signals take their default action, and one the parent ignores stays ignored.
  for (int signal : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler != SIG_IGN) std::signal(signal, SIG_DFL);
  }
  // Keeps no descriptor but its answer's: other children's pipes held open here would hide their
  // end from their parents for as long as this child runs.
  if (answer_fd != kAnswerFd && ::dup2(answer_fd, kAnswerFd) != kAnswerFd) ::_exit(kWorkThrew);
  ::close_range(kAnswerFd + 1, ~0u, 0);
  exit_quietly_when_out_of_memory();
  std::string answer;
  try {
    answer = work();
  } catch (const std::bad_alloc&) {
    ::_exit(kExitOutOfMemory);
  } catch (...) {
    ::_exit(kWorkThrew);
  }
  ::_exit(write_all(kAnswerFd, answer) ? 0 : kWorkThrew);
}

// Reads what is available from the non-blocking `fd` into `out`; true at end of file (or on an
// error, after which nothing more can be read).
bool drain(int fd, std::string& out) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      out.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return !(n < 0 && errno == EAGAIN);
    }
  }
}

// CPU seconds used by the child `pid` (not yet reaped), or `fallback` when its clock cannot be read.
double cpu_seconds_of(pid_t pid, double fallback) {
  clockid_t clock{};
  timespec used{};
  if (::clock_getcpuclockid(pid, &clock) != 0 || ::clock_gettime(clock, &used) != 0) return fallback;
  return static_cast<double>(used.tv_sec) + 1e-9 * static_cast<double>(used.tv_nsec);
}

ChildEnd failed_end(const std::string& how) { return {ChildEnd::Kind::Failed, "", how}; }

std::string system_error_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

ChildEnd run_in_time_limited_child(const std::function<std::string()>& work, double cpu_seconds) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return failed_end(system_error_text("cannot make a pipe"));
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const ChildEnd end = failed_end(system_error_text("cannot start a process"));
    ::close(fds[0]);
    ::close(fds[1]);
    return end;
  }
  if (pid == 0) {
    ::close(fds[0]);
    run_child(fds[1], parent, work);
  }
  ::close(fds[1]);
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);

  const auto start = std::chrono::steady_clock::now();
  const double wall_limit = 10 * cpu_seconds + 10;
  std::string answer;
  int status = 0;
  bool reaped = false;
  ChildEnd::Kind killed = ChildEnd::Kind::Answered;  // Answered: not killed
  for (;;) {
    pollfd ready{fds[0], POLLIN, 0};
    ::poll(&ready, 1, kPollMilliseconds);  // EINTR: the checks below run all the same
    if (drain(fds[0], answer)) break;      // the child closed its end: it is exiting
    // An end of file can lag the child's exit while a sibling forked in between still holds a
    // copy of this pipe (until its first steps close it): the exit itself ends the wait too.
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      reaped = true;
      drain(fds[0], answer);
      break;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // A single-threaded child uses at most its wall-clock time of CPU time.
    if (cpu_seconds_of(pid, wall) > cpu_seconds) {
      killed = ChildEnd::Kind::OverTimeLimit;
      break;
    }
    if (wall > wall_limit) {
      killed = ChildEnd::Kind::Stalled;
      break;
    }
  }
  if (killed != ChildEnd::Kind::Answered) ::kill(pid, SIGKILL);  // not reaped: still our child
  ::close(fds[0]);
  while (!reaped && ::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return failed_end(system_error_text("cannot wait for a process"));
  }
  if (killed != ChildEnd::Kind::Answered) return {killed, "", ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {ChildEnd::Kind::Answered, std::move(answer), ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == kExitOutOfMemory) return {ChildEnd::Kind::OutOfMemory, "", ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == kWorkThrew)
    return failed_end("an exception escaped it, or it could not write its answer");
  if (WIFSIGNALED(status)) return failed_end(std::string("ended by signal ") + ::strsignal(WTERMSIG(status)));
  return failed_end("ended with status " + std::to_string(WEXITSTATUS(status)));
}

}  // namespace nb
