#pragma once
// `--time-limit SECONDS`: the wall time a whole run may take (prove, recheck). A number, finite, in
// [kMinWallTimeLimit, kMaxWallTimeLimit]: CLI11's Range lets NaN through (every comparison with it
// is false), which would make the run's deadline never come.
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

inline constexpr double kMinWallTimeLimit = 0.001;
inline constexpr double kMaxWallTimeLimit = 1e6;

// Adds the option to `command`, into `seconds` (whose initial value is the default shown in
// --help), described by `what`; any other value is a usage error (exit 64).
void add_wall_time_limit_option(CLI::App& command, double& seconds, const std::string& what);

}  // namespace nb::cli
