#include "verify/cli/report_command.hpp"

#include <filesystem>
#include <system_error>

#include "reports/report_files.hpp"
#include "reports/report_output.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/errors.hpp"
#include "verify/results.hpp"

namespace nb::cli {

CLI::App* add_report_command(CLI::App& app, ReportCommandOptions& o) {
  CLI::App* report = app.add_subcommand(
      "report",
      "Render saved results as a report: Markdown (with SVG figures next to it), LaTeX (pgfplots) or JSON.\n"
      "Examples:\n"
      "  normbound report out/report/results.json --format tex --out appendix.tex\n"
      "  normbound report results.json --format md --out docs/report.md --top 10");
  report->add_option("results", o.results_file, "Results JSON written by 'normbound check --json' or --report")
      ->required()
      ->check(CLI::ExistingFile);
  report->add_option("--format", o.format, "md, tex or json")
      ->check(CLI::IsMember({"md", "tex", "json"}))
      ->capture_default_str();
  report->add_option("--out", o.out, "File to write (its directory must exist)")->required();
  add_count_option(*report, "--top", o.top, 0, kMaxTop, "NEAR-TIGHT/TIGHT cases listed per theorem");
  report->add_flag("--no-timestamp", o.no_timestamp, "Leave the run's timestamp out of the report");
  return report;
}

int run_report(const ReportCommandOptions& o, std::ostream& out) {
  const std::filesystem::path path(o.out);
  std::error_code ec;
  if (!path.has_filename() || std::filesystem::is_directory(path, ec))
    throw UsageError("--out '" + o.out + "' names a directory; give a file name");
  RunResults results = read_results_file(o.results_file);
  if (o.no_timestamp) results.timestamp.clear();
  reports::write_report_files(path.parent_path(), reports::report_files(results, {o.top}, reports::report_format(o.format),
                                                                        path.filename().string()));
  out << "report written to " << o.out << "\n";
  return 0;
}

}  // namespace nb::cli
