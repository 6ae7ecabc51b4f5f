#pragma once
// What a run records about its invocation: the command line and the time.
#include <string>

namespace nb::cli {

// argv joined by spaces.
std::string command_line(int argc, char** argv);

// The run's time as ISO 8601 UTC: SOURCE_DATE_EPOCH when set (reproducible builds' convention, so
// reruns give identical reports), else now; "" when `omit` (--no-timestamp). Throws UsageError on
// a SOURCE_DATE_EPOCH that is not a number of seconds.
std::string timestamp(bool omit);

}  // namespace nb::cli
