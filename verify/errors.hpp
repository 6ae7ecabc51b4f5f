#pragma once
// The two kinds of failure a user can cause. Library code throws them; the CLI catches them once
// and maps them to exit codes (UsageError -> 64, InputError -> 65, as sysexits.h's EX_USAGE and
// EX_DATAERR). Nothing below the CLI prints or exits.
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

}  // namespace nb
