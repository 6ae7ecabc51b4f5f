#pragma once
// `normbound help [SUBCOMMAND]`, and the "did you mean" answer to a mistyped subcommand.
#include <optional>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

// The message for a first argument that is neither an option nor a subcommand of `app`, naming
// the closest subcommands; nothing when the first argument is fine (or absent).
std::optional<std::string> unknown_subcommand(const CLI::App& app, int argc, char** argv);

// Prints the help of `app` (topic "") or of its subcommand `topic` to `out` and returns 0; an
// unknown topic gets the "did you mean" message on `err` and the usage exit status.
int run_help(const CLI::App& app, const std::string& topic, std::ostream& out, std::ostream& err);

}  // namespace nb::cli
