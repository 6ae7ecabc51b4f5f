#include "verify/cli/exact_time_limit_option.hpp"

#include "verify/io/errors.hpp"

namespace nb::cli {

void add_exact_time_limit_option(CLI::App& command, double& seconds) {
  command
      .add_option("--exact-time-limit", seconds,
                  "CPU seconds the exact evaluation of each case left TIGHT may take (it runs in a process of its "
                  "own, stopped at the limit); beyond them the case stays TIGHT: \"exact evaluation over its time "
                  "limit\"")
      ->capture_default_str();
}

void validate_exact_time_limit(double seconds) {
  if (!(seconds > 0 && seconds <= kMaxExactTimeLimit))
    throw UsageError("--exact-time-limit must be more than 0 and at most 86400 seconds");
}

}  // namespace nb::cli
