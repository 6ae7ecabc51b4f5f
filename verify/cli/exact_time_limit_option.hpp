#pragma once
// `--exact-time-limit SECONDS`: the CPU seconds each exact (Calcium) evaluation of a case left
// TIGHT may take, for every command that certifies cases (check, search, reproduce).
#include <CLI/CLI.hpp>

namespace nb::cli {

inline constexpr double kMaxExactTimeLimit = 86400;  // a day per case

// Adds the option to `command`, into `seconds`, whose initial value is the default shown in --help.
void add_exact_time_limit_option(CLI::App& command, double& seconds);

// Throws UsageError unless `seconds` is in (0, kMaxExactTimeLimit].
void validate_exact_time_limit(double seconds);

}  // namespace nb::cli
