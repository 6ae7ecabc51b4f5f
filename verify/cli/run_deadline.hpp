#pragma once
// The wall time of a whole command bounded from outside its work. A command with --time-limit
// checks its clock between pieces of work (boxes, leaves), but one piece (an evaluation at 65,536
// bits, a certificate's JSON, a counterexample's exact decisions) cannot be cut short from within:
// a thread of this deadline ends the process once the time is up, as SIGTERM would (pending
// outputs removed, exact-decision children killed with their parent), with a message saying so.
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace nb::cli {

class RunDeadline {
 public:
  // Unless destroyed first, `seconds` (finite, > 0) of wall time from now: flushes std::cout,
  // writes `message` to the file descriptor `fd` (1 stdout, 2 stderr, -1 none), removes the pending outputs
  // and ends the process with exit status `status`, without running destructors (other threads
  // are still at work).
  RunDeadline(double seconds, std::string message, int fd, int status);
  // Ends the deadline's thread: the command finished in time.
  ~RunDeadline();
  RunDeadline(const RunDeadline&) = delete;
  RunDeadline& operator=(const RunDeadline&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable finished_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace nb::cli
