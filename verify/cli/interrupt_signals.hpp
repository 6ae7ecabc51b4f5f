#pragma once
// Ctrl-C (SIGINT) and SIGTERM end a run cleanly: output under construction (a report's staging
// directory, temporary files; see verify/io/pending_output.hpp) is removed, a line on stderr says
// so, and the exit status is 128 + the signal number (130, 143), as shells report a signal.
// A run that can stop between its chunks and keep what it decided (a streamed check) asks for the
// first signal instead (StopOnSignal): it then writes partial results, and only a second signal
// ends the process at once.
#include <string>

namespace nb::cli {

inline constexpr int kExitInterrupted = 130, kExitTerminated = 143;

// Call once at the start of main. The signal handler only writes the signal's number to a pipe
// (all a handler may safely do, in whichever thread the kernel picked: OpenBLAS starts threads
// before main); a thread of its own reads it, removes the pending outputs and exits. A signal
// the parent process ignores (SIGINT of a background job) stays ignored.
void handle_interrupt_signals();

// While one exists, the first SIGINT or SIGTERM does not end the process: it is recorded for
// stop_requested, and a line on stderr says that the run stops after the cases under evaluation.
class StopOnSignal {
 public:
  StopOnSignal();
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
  // "interrupted by SIGINT" or "terminated by SIGTERM" once such a signal came, else "".
  static std::string stop_requested();
  // The exit status of a run stopped so (kExitInterrupted, kExitTerminated), 0 if none was.
  static int exit_status();
};

}  // namespace nb::cli
