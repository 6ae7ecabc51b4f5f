#pragma once
// Ctrl-C (SIGINT), SIGTERM and SIGUSR1 end a run cleanly: output under construction (a report's
// staging directory, temporary files; see verify/io/pending_output.hpp) is removed, a line on
// stderr says so, and the exit status is 128 + the signal number (130, 143, 138), as shells report
// a signal. A run that can stop between its chunks and keep what it decided (a streamed check, a
// reproduction between heads) asks for the first signal instead (StopOnSignal): it then writes
// partial results, and only a second signal ends the process at once. SIGUSR1 is the one `mpirun`
// forwards to every rank without ending the job (it answers SIGINT and SIGTERM by killing the
// ranks), so that an MPI job can be asked to stop and keep what it decided.
#include <string>

namespace nb::cli {

inline constexpr int kExitInterrupted = 130, kExitTerminated = 143, kExitStopped = 138;

// Call once at the start of main. The signal handler only writes the signal's number to a pipe
// (all a handler may safely do, in whichever thread the kernel picked: OpenBLAS starts threads
// before main); a thread of its own reads it, removes the pending outputs and exits. A signal
// the parent process ignores (SIGINT of a background job) stays ignored.
void handle_interrupt_signals();

// While one exists, the first SIGINT, SIGTERM or SIGUSR1 does not end the process: it is recorded
// for stop_requested, and (when `announce`: on one rank of an MPI job only) a line on stderr says
// that the run stops after the work under evaluation (`what`: "the cases", "the head").
class StopOnSignal {
 public:
  explicit StopOnSignal(bool announce = true, const char* what = "the cases");
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
  // "interrupted by SIGINT", "terminated by SIGTERM" or "stopped by SIGUSR1" once such a signal
  // came, else "".
  static std::string stop_requested();
  // The exit status of a run whose results are partial for `reason` (a reason stop_requested gave,
  // here or on another rank, followed by anything): kExitInterrupted, kExitTerminated or
  // kExitStopped.
  static int exit_status(const std::string& reason);
};

}  // namespace nb::cli
