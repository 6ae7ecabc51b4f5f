#pragma once
// `--title TEXT` and `--intro TEXT`: the report's title and framing sentence, for every command
// that writes a report of checked theorems (check --report, report).
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

// Adds both options to `command`, into `title` and `introduction` ("": the report's defaults,
// which name the works the theorems cite).
void add_report_wording_options(CLI::App& command, std::string& title, std::string& introduction);

}  // namespace nb::cli
