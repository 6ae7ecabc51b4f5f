#include "verify/io/time_limited_child.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>
#include <ctime>
#include <new>
#include <optional>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "verify/io/out_of_memory.hpp"

namespace nb {
namespace {

constexpr int kChannelFd = 3;      // the child's end of the socket pair, moved here
constexpr int kWorkThrew = 70;     // the child's status when an exception escaped the work
const std::string kProgramServes = "serving";  // a fresh program's first message
constexpr std::chrono::seconds kProgramStartTime{60};  // for a fresh program to say it serves
constexpr int kPollMilliseconds = 10;
constexpr std::size_t kLengthBytes = 8;  // a message is its length (8 bytes, little-endian), then its bytes

std::string length_prefix(std::uint64_t n) {
  std::string bytes(kLengthBytes, '\0');
  for (std::size_t i = 0; i < kLengthBytes; ++i) bytes[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  return bytes;
}

// The length a message starts with (`bytes` holds at least kLengthBytes).
std::uint64_t length_of(const std::string& bytes) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < kLengthBytes; ++i) n |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * i);
  return n;
}

// MSG_NOSIGNAL: a child that died makes this fail (EPIPE) instead of killing the parent (SIGPIPE).
bool send_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool send_message(int fd, const std::string& bytes) { return send_all(fd, length_prefix(bytes.size()) + bytes); }

// Reads exactly `size` bytes (blocking); false at end of file or on an error.
bool receive_exactly(int fd, std::size_t size, std::string& out) {
  out.resize(size);
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::read(fd, out.data() + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// A child's first steps, safe between fork and exec (system calls on what is at hand): it dies with
// the thread that started it, which owns the worker and reaps it before it ends; and it keeps no
// descriptor but its channel, moved to kChannelFd and kept across exec (other children's channels
// held open here would hide their end from their parents for as long as this child runs).
void prepare_child(int channel, pid_t parent) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(kWorkThrew);  // the parent died before prctl
  if (channel == kChannelFd ? ::fcntl(kChannelFd, F_SETFD, 0) != 0 : ::dup2(channel, kChannelFd) != kChannelFd)
    ::_exit(kWorkThrew);
  ::close_range(kChannelFd + 1, ~0u, 0);
}

// Answers requests on kChannelFd until the parent closes it.
[[noreturn]] void answer_requests(const TimeLimitedWorker::Serve& serve) {
  exit_quietly_when_out_of_memory();
  for (std::string request, length;;) {
    if (!receive_exactly(kChannelFd, kLengthBytes, length)) ::_exit(0);  // the parent is done with it
    if (!receive_exactly(kChannelFd, length_of(length), request)) ::_exit(kWorkThrew);
    std::string answer;
    try {
      answer = serve(request);
    } catch (const std::bad_alloc&) {
      ::_exit(kExitOutOfMemory);
    } catch (...) {
      ::_exit(kWorkThrew);
    }
    if (!send_message(kChannelFd, answer)) ::_exit(kWorkThrew);
  }
}

// A forked child's side: sets itself up, then answers requests.
[[noreturn]] void serve_requests(int channel, pid_t parent, const TimeLimitedWorker::Serve& serve) {
  prepare_child(channel, parent);
  // The parent's handlers of SIGINT and SIGTERM end the parent (verify/cli/interrupt_signals.hpp):
  // here the signals take their default action, and one the parent ignores stays ignored (as exec
  // does for a fresh program).
  for (int signal : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler != SIG_IGN) std::signal(signal, SIG_DFL);
  }
  answer_requests(serve);
}

// Reads what is available from `fd` without blocking into `out`; true at end of file (or on an
// error, after which nothing more can be read).
bool drain(int fd, std::string& out) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n > 0) {
      out.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
    }
  }
}

// Whether `received` holds a whole message; then `answer` is its content.
bool whole_message(const std::string& received, std::string& answer) {
  if (received.size() < kLengthBytes || received.size() - kLengthBytes < length_of(received)) return false;
  answer = received.substr(kLengthBytes);
  return answer.size() == length_of(received);
}

// CPU seconds used so far by the child `pid` (not yet reaped), if its clock can be read.
std::optional<double> cpu_seconds_of(pid_t pid) {
  clockid_t clock{};
  timespec used{};
  if (::clock_getcpuclockid(pid, &clock) != 0 || ::clock_gettime(clock, &used) != 0) return std::nullopt;
  return static_cast<double>(used.tv_sec) + 1e-9 * static_cast<double>(used.tv_nsec);
}

ChildEnd failed_end(const std::string& how) { return {ChildEnd::Kind::Failed, "", how}; }

std::string system_error_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// How a child that ended by itself (wait status `status`, -1: unknown) ended.
ChildEnd end_of(int status) {
  if (status == -1) return failed_end("cannot wait for a process");
  if (WIFEXITED(status) && WEXITSTATUS(status) == kExitOutOfMemory) return {ChildEnd::Kind::OutOfMemory, "", ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == kWorkThrew)
    return failed_end("an exception escaped it, or it could not exchange bytes with its parent");
  if (WIFSIGNALED(status)) return failed_end(std::string("ended by signal ") + ::strsignal(WTERMSIG(status)));
  return failed_end("ended with status " + std::to_string(WEXITSTATUS(status)) + " before answering");
}

}  // namespace

TimeLimitedWorker::~TimeLimitedWorker() {
  if (pid_ != 0) reap(true);
}

std::string TimeLimitedWorker::start() {
  if (!program_.empty()) {
    if (start_program()) return "";
    program_.clear();  // it cannot run here: this worker forks from now on
  }
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return system_error_text("cannot make a socket pair");
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const std::string failure = system_error_text("cannot start a process");
    ::close(fds[0]);
    ::close(fds[1]);
    return failure;
  }
  if (pid == 0) {
    ::close(fds[0]);
    serve_requests(fds[1], parent, serve_);
  }
  ::close(fds[1]);
  pid_ = pid;
  channel_ = fds[0];
  return "";
}

bool TimeLimitedWorker::start_program() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
  // Everything the child uses is made before the fork: the child of a multithreaded parent may
  // not allocate.
  std::vector<char*> argv;
  for (std::string& argument : program_) argv.push_back(argument.data());
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    prepare_child(fds[1], parent);
    ::execv(argv[0], argv.data());
    ::_exit(kWorkThrew);
  }
  ::close(fds[1]);
  pid_ = pid;
  channel_ = fds[0];
  // The program says it serves before anything is asked; one that cannot start or does not serve
  // ends (or is killed after kProgramStartSeconds) instead.
  std::string received, ready;
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    pollfd readable{channel_, POLLIN, 0};
    ::poll(&readable, 1, kPollMilliseconds);
    const bool closed = drain(channel_, received);
    if (whole_message(received, ready)) {
      if (ready == kProgramServes) return true;
      break;
    }
    if (closed || std::chrono::steady_clock::now() - start > kProgramStartTime) break;
  }
  reap(true);
  return false;
}

void TimeLimitedWorker::forget() {
  ::close(channel_);
  pid_ = 0;
  channel_ = -1;
}

int TimeLimitedWorker::reap(bool kill) {
  if (kill) ::kill(pid_, SIGKILL);  // not reaped: still our child, even if it has exited
  const pid_t pid = pid_;
  forget();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return status;
}

ChildEnd TimeLimitedWorker::run(const std::string& request, double cpu_seconds) {
  int status = 0;
  // A child that ended while idle (killed from outside) is replaced rather than reported.
  if (pid_ != 0 && ::waitpid(pid_, &status, WNOHANG) == pid_) forget();
  if (pid_ == 0)
    if (const std::string failure = start(); !failure.empty()) return failed_end(failure);
  // The child's CPU time counts from here: an idle child uses none, so the difference is the request's.
  const std::optional<double> cpu_at_start = cpu_seconds_of(pid_);
  const auto start = std::chrono::steady_clock::now();
  if (!send_message(channel_, request)) {
    const std::string failure = system_error_text("cannot send it a request");
    status = reap(true);
    // Killed here: it was alive but did not take the request. Otherwise its end says why.
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? failed_end(failure) : end_of(status);
  }
  const double wall_limit = 10 * cpu_seconds + 10;
  std::string received, answer;
  for (;;) {
    pollfd ready{channel_, POLLIN, 0};
    ::poll(&ready, 1, kPollMilliseconds);  // EINTR: the checks below run all the same
    const bool closed = drain(channel_, received);
    if (whole_message(received, answer)) return {ChildEnd::Kind::Answered, std::move(answer), ""};
    if (closed) return end_of(reap(false));  // the child is exiting
    // An end of file can lag the child's exit while a sibling forked in between still holds a
    // copy of its channel (until its first steps close it): the exit itself ends the wait too.
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      forget();
      return end_of(status);
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // A single-threaded child uses at most its wall-clock time of CPU time.
    const std::optional<double> cpu_now = cpu_seconds_of(pid_);
    const double used = cpu_now && cpu_at_start ? *cpu_now - *cpu_at_start : wall;
    if (used > cpu_seconds || wall > wall_limit) {
      reap(true);
      return {used > cpu_seconds ? ChildEnd::Kind::OverTimeLimit : ChildEnd::Kind::Stalled, "", ""};
    }
  }
}

void serve_time_limited_requests(const TimeLimitedWorker::Serve& serve) {
  if (!send_message(kChannelFd, kProgramServes)) ::_exit(kWorkThrew);
  answer_requests(serve);
}

ChildEnd run_in_time_limited_child(const std::function<std::string()>& work, double cpu_seconds) {
  TimeLimitedWorker child([&](const std::string&) { return work(); });
  return child.run("", cpu_seconds);
}

}  // namespace nb
