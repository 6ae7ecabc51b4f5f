#pragma once
// Ctrl-C (SIGINT) and SIGTERM end a run cleanly: output under construction (a report's staging
// directory, temporary files; see verify/io/pending_output.hpp) is removed, a line on stderr says
// so, and the exit status is 128 + the signal number (130, 143), as shells report a signal.

namespace nb::cli {

inline constexpr int kExitInterrupted = 130, kExitTerminated = 143;

// Call once at the start of main. The signal handler only writes the signal's number to a pipe
// (all a handler may safely do, in whichever thread the kernel picked: OpenBLAS starts threads
// before main); a thread of its own reads it, removes the pending outputs and exits. A signal
// the parent process ignores (SIGINT of a background job) stays ignored.
void handle_interrupt_signals();

}  // namespace nb::cli
