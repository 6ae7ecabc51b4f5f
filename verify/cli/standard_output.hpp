#pragma once
// Output that never reached standard output (a full disk, /dev/full, a closed descriptor) must not
// end in exit status 0: a script would take the missing table or JSON for an empty success.
#include <ostream>

namespace nb::cli {

// Flushes std::cout and the C stream under it. Returns `status` if every write to standard output
// succeeded; otherwise writes "normbound: write failed: standard output: <reason>" to `err` (the
// system's reason where the final flush fails; the C stream keeps no reason for an earlier write)
// and returns kExitIo (74), whatever `status` was.
int checked_standard_output(int status, std::ostream& err);

}  // namespace nb::cli
