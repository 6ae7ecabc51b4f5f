#pragma once
// Work bounded in CPU time whatever it does inside: it runs in a child process (fork), which is
// killed (SIGKILL) once its CPU time passes the limit. The exact decisions use it
// (verify/engine/exact_decision_in_child.hpp): Calcium's searches for relations between generators
// (LLL, Groebner bases) can run for hours inside one library call, where no work budget is
// checked, and no thread can be stopped from outside.
//
// How the child starts: by fork alone, or as a fresh program (fork, then exec). A forked child works
// on a copy of the parent's memory as it is, but the child of a multithreaded process holds only
// the forking thread, and every lock another thread held at the fork stays locked in the child
// for good: the allocator's of AddressSanitizer (clang 14 takes no care of fork), a library's,
// or a mutex of the caller's. Its first use then blocks until the wall-clock backstop kills it,
// and a decision that takes a moment becomes "stalled" or not from one run to the next. A fresh
// program holds no lock of anyone's; between fork and exec the child calls only functions safe
// there (system calls on prepared arguments). It has to find on its own what it serves: a
// program made for it (normbound runs itself, verify/engine/exact_decision_in_child.hpp).
// Why a child that serves many requests (TimeLimitedWorker) rather than one per piece of work: a
// fork costs 20-40 ms of copied pages, TLB flushes, lazy symbol binding and FLINT caches rebuilt in
// the child, and `check --all` asks for hundreds of exact decisions (471: 32 s instead of 20 s).
#include <functional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace nb {

// How one piece of work run in a child ended.
struct ChildEnd {
  enum class Kind {
    Answered,       // the work returned; `answer` holds what it returned
    OverTimeLimit,  // killed after using more CPU time than allowed
    Stalled,        // killed after a wall-clock time of 10x the limit + 10 s without finishing
    OutOfMemory,    // ran out of memory (verify/io/out_of_memory.hpp)
    Failed,         // could not start, or ended otherwise (a crash: a bug); `failure` says how
  };
  Kind kind = Kind::Failed;
  std::string answer;
  std::string failure;
};

// A fresh program that serves requests: the arguments of execv, the first one the program's path.
// Run so, the program must call serve_time_limited_requests, with a Serve that answers as the
// worker's own would.
using FreshProgram = std::vector<std::string>;

// A child process that answers requests one after another, each within its own CPU-time limit.
// The child starts at the first request (and again at the first request after it ended), as a
// fork of this process that calls `serve` on a copy of its memory as it was then, so `serve` may
// use only what existed at that moment and never changes (code, static tables); everything else
// travels in the request. Given a FreshProgram, the child is that program instead (when it cannot
// be started, a fork as above, and the next ones forks too). Owned by one thread at a time (not
// thread-safe).
class TimeLimitedWorker {
 public:
  // What the child does with a request's bytes; returns the answer's bytes. Runs in the child,
  // single-threaded; must not start threads or take locks. An exception escaping it ends the child
  // (std::bad_alloc as OutOfMemory, anything else as Failed).
  using Serve = std::function<std::string(const std::string& request)>;

  explicit TimeLimitedWorker(Serve serve, FreshProgram program = {})
      : serve_(std::move(serve)), program_(std::move(program)) {}
  // Kills and reaps the child, if one runs: none outlives its worker.
  ~TimeLimitedWorker();
  TimeLimitedWorker(const TimeLimitedWorker&) = delete;
  TimeLimitedWorker& operator=(const TimeLimitedWorker&) = delete;

  // Hands `request` to the child (starting one if none runs) and waits for its answer while the
  // child's CPU time since the request was sent stays within `cpu_seconds` (> 0). Returns
  // Answered with serve(request), the child staying ready for the next request; otherwise the
  // child was killed (OverTimeLimit, Stalled) or ended (OutOfMemory, Failed), it is reaped, and
  // the next request starts a fresh one. Guarantees: the call returns within about
  // 10 cpu_seconds + 10 s of wall-clock time; the child is killed when the thread that started it
  // ends (so with its parent process, as on SIGINT/SIGTERM). In the child, SIGINT and SIGTERM take
  // their default action unless the parent ignores them (the terminal sends Ctrl-C to the whole
  // process group), and running out of memory exits quietly (exit_quietly_when_out_of_memory).
  ChildEnd run(const std::string& request, double cpu_seconds);

  // The process id of the running child; 0 when none runs.
  pid_t pid() const { return pid_; }

 private:
  // Starts the child (the fresh program, else a fork); "" on success, otherwise why it could not.
  std::string start();
  // Starts the fresh program and waits for it to say it serves; false when it cannot be started
  // or does not serve (nothing is left running then).
  bool start_program();
  // Kills the child first when `kill`, reaps it and forgets it. Returns its wait status (waitpid),
  // or -1 when it cannot be reaped.
  int reap(bool kill);
  // Forgets a child already reaped.
  void forget();

  Serve serve_;
  FreshProgram program_;
  pid_t pid_ = 0;
  int channel_ = -1;  // the parent's end of a socket pair whose other end is the child's
};

// Runs `work` once in a child process of its own with the guarantees of TimeLimitedWorker::run
// (`work` runs on a copy of the caller's memory as it is now; what it changes is lost except its
// answer) and ends that child before returning.
ChildEnd run_in_time_limited_child(const std::function<std::string()>& work, double cpu_seconds);

// The fresh program's side of TimeLimitedWorker: answers the requests on its channel with `serve`
// until the worker closes it, then exits the process. Call it first thing in main, before any
// thread starts, and only in a process a TimeLimitedWorker started.
[[noreturn]] void serve_time_limited_requests(const TimeLimitedWorker::Serve& serve);

}  // namespace nb
