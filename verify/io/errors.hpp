#pragma once
// The kinds of failure a user or the user's environment can cause. Library code throws them; the
// CLI catches them once and maps them to exit codes as sysexits.h does (UsageError -> 64
// EX_USAGE, InputError -> 65 EX_DATAERR, OutputError -> 73 EX_CANTCREAT, WriteError -> 74
// EX_IOERR). Nothing below the CLI prints or exits.
#include <stdexcept>
#include <string>

namespace nb {

// The command line asks for something that cannot be done (unknown id, bad option value).
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Input data is malformed or breaks a stated assumption (T <= 0, N > L, NaN, truncated file).
// The message names the offending item and the rule it breaks.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An output cannot be created where the command line puts it: a missing or unwritable directory,
// a directory in the way of a file, a path through a file. Nothing has been written.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A write that was started failed (a full disk, an I/O error, a closed or full standard output).
// The message names the output and the system's reason.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace nb
