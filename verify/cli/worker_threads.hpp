#pragma once
// The number of worker threads of --threads (check, search, reproduce). A thread costs a stack and,
// in reproduce's OpenMP loops, a slot in a team: --threads 100000 crashed inside OpenMP, and no run
// gains from more threads than the hardware has, so the count is capped.
#include <ostream>

namespace nb::cli {

// Most worker threads per hardware thread.
inline constexpr unsigned kThreadsPerHardwareThread = 4;

// For --threads `requested`: one per hardware thread for 0; else `requested`, at most
// kThreadsPerHardwareThread per hardware thread (a note on `err` says when it is capped). At
// least 1; `hardware_threads` 0 (unknown) counts as 1.
unsigned worker_threads(unsigned requested, unsigned hardware_threads, std::ostream& err);

// worker_threads for this machine's std::thread::hardware_concurrency().
unsigned worker_threads(unsigned requested, std::ostream& err);

}  // namespace nb::cli
