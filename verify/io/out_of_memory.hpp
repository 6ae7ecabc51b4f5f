#pragma once
// Memory running out ends a run cleanly: exit status 71 (sysexits.h's EX_OSERR) and one line on
// stderr saying so, instead of the abort() that GMP (and through it MPFR and MPFI) and FLINT (Arb,
// Calcium) call when malloc fails. Their allocations happen inside C code, where no C++ exception
// may pass, so the process ends from within the failed allocation; outputs are written to
// temporaries and renamed into place (verify/io/atomic_file.hpp), so none is left half-written, and
// the pending temporaries are removed as on SIGINT (verify/io/pending_output.hpp).
#include <cstddef>

namespace nb {

inline constexpr int kExitOutOfMemory = 71;
inline constexpr int kExitInternalError = 70;

// Makes GMP and FLINT allocate through malloc/realloc/free as before, but end the process through
// exit_out_of_memory when an allocation fails. Call once at the start of main, before any number
// is made (memory is freed by the functions that allocated it; these are compatible with the
// defaults, which also use malloc). Also makes std::terminate end the process through
// exit_out_of_memory when the exception that called it is a std::bad_alloc (one that left a
// worker thread, or a noexcept function), and with kExitInternalError and a message for any other.
void install_out_of_memory_exit();

// Writes "normbound: out of memory while allocating BYTES bytes for WHAT; ..." (BYTES 0: "out of
// memory (WHAT); ...") to stderr, removes
// the pending outputs (remove_pending_outputs_unless_busy) and ends the process with status
// kExitOutOfMemory, without running destructors (other threads may be running). After
// exit_quietly_when_out_of_memory only the last: a child process leaves outputs and messages to its
// parent.
[[noreturn]] void exit_out_of_memory(std::size_t bytes, const char* what) noexcept;

// For a child process made by fork (verify/io/time_limited_child.hpp): from now on, running out of
// memory ends this process with status kExitOutOfMemory and does nothing else.
void exit_quietly_when_out_of_memory();

}  // namespace nb
