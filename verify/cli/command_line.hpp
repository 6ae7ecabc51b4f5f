#pragma once
// What a run records about how it was started, shared by the subcommands that write results.
#include <string>

namespace nb::cli {

// The command as a reader would type it: "normbound" and the arguments joined by spaces, not the
// path the binary was run by, with each absolute path in the arguments as recorded_argument
// records it (results and reports hold no absolute path of the machine).
std::string command_line(int argc, char** argv);

// The run's time as ISO 8601 UTC: SOURCE_DATE_EPOCH when set (reproducible builds' convention, so
// reruns give identical reports), else now; "" when `omit` (--no-timestamp). Throws UsageError
// for a SOURCE_DATE_EPOCH that is not a number of seconds.
std::string timestamp(bool omit);

}  // namespace nb::cli
