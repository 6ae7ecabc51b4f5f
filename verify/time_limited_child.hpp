#pragma once
// Work bounded in CPU time whatever it does inside: it runs in a child process (fork), which is
// killed (SIGKILL) once its CPU time passes the limit. The exact decisions use it
// (verify/exact_decision_in_child.hpp): Calcium's searches for relations between generators
// (LLL, Groebner bases) can run for hours inside one library call, where no work budget is
// checked, and no thread can be stopped from outside.
//
// Why fork rather than a fresh process (exec): the work is a function on data already in memory
// (a case, the theorem, the engine's state), which a fresh process would need serialised in and
// evaluated again. The child of a multithreaded process holds only the forking thread; it makes
// no new thread and takes no lock that another thread of the parent may have held at the fork
// except malloc's, which glibc makes safe across fork. If it blocked all the same, a wall-clock
// backstop kills it.
#include <functional>
#include <string>

namespace nb {

// How work run in a child ended.
struct ChildEnd {
  enum class Kind {
    Answered,       // the work returned; `answer` holds what it returned
    OverTimeLimit,  // killed after using more CPU time than allowed
    Stalled,        // killed after a wall-clock time of 10x the limit + 10 s without finishing
    OutOfMemory,    // ran out of memory (verify/out_of_memory.hpp)
    Failed,         // could not start, or ended otherwise (a crash: a bug); `failure` says how
  };
  Kind kind = Kind::Failed;
  std::string answer;
  std::string failure;
};

// Runs `work` in a child process whose CPU time may reach `cpu_seconds` (> 0) and returns how it
// ended, with the bytes `work` returned when it returned. Guarantees: the call returns within
// about 10 cpu_seconds + 10 s of wall-clock time, and no child outlives it (nor its parent process:
// the child is killed when the parent dies, as on SIGINT/SIGTERM). `work` runs on a copy of the
// caller's memory, single-threaded, and must not start threads or take locks; what it changes is
// lost except its answer; an exception escaping it ends the child as Failed. In the child, SIGINT
// and SIGTERM take their default action unless the parent ignores them (the terminal sends Ctrl-C
// to the whole process group), and running out of memory exits quietly
// (exit_quietly_when_out_of_memory).
ChildEnd run_in_time_limited_child(const std::function<std::string()>& work, double cpu_seconds);

}  // namespace nb
