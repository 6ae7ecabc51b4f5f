#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct ReportCommandOptions {
  std::string results_file;
  std::string format;  // "": the extension of --out, or a report directory when it has none
  std::string out;
  bool force = false;
  bool appendix = false;
  std::string title, intro;  // the report's title and framing sentence ("": its defaults)
  std::uint64_t top = 3;
  bool no_timestamp = false;
};

CLI::App* add_report_command(CLI::App& app, ReportCommandOptions& options);

// Renders a saved results file (check --json, or a report directory's results.json) as Markdown
// (plus its SVG figures next to it), LaTeX or JSON at --out, each file written atomically; or,
// when --out is a directory (existing, ending in '/', or without extension and no --format), as a
// whole report directory, staged and refused over foreign files as check --report does.
// Returns 0; throws UsageError (a format that contradicts the extension, a directory holding
// foreign files without --force) or InputError (unreadable or invalid results, an output
// directory that is missing or not writable).
int run_report(const ReportCommandOptions& options, std::ostream& out);

}  // namespace nb::cli
