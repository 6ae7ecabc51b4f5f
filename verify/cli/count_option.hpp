#pragma once
// Integer options (--cases, --seed, --top) are read as text and converted here: CLI11 turns "-1"
// into 2^64 - 1 and saturates values beyond 2^64 - 1, silently changing what the user asked for.
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

// Limits of the count options (docs/limits.md): a random suite is held in memory, and a report
// listing more cases than this per theorem is no longer a summary.
inline constexpr std::uint64_t kMaxCases = 1'000'000;
inline constexpr std::uint64_t kMaxTop = 1'000'000;

// The value of `text` if it is a decimal integer (digits only) in [min, max]. Throws UsageError
// "<option> must be an integer from <min> to <max> (got '<text>')", followed by `hint` when given.
std::uint64_t count_from(const std::string& text, const std::string& option, std::uint64_t min, std::uint64_t max,
                         const std::string& hint = "");

// Adds the option `name` to `command`: its text goes through count_from into `value`, whose
// initial value is the default shown in --help.
CLI::Option* add_count_option(CLI::App& command, const std::string& name, std::uint64_t& value, std::uint64_t min,
                              std::uint64_t max, const std::string& description, const std::string& hint = "");

}  // namespace nb::cli
