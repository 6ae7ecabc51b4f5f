#include "verify/cli/report_command.hpp"

#include <filesystem>
#include <system_error>

#include "reports/report_files.hpp"
#include "reports/report_output.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/report_wording_options.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/json_document.hpp"
#include "verify/reproduce/reproduction_report.hpp"
#include "verify/results/results.hpp"

namespace nb::cli {

CLI::App* add_report_command(CLI::App& app, ReportCommandOptions& o) {
  CLI::App* report = app.add_subcommand(
      "report",
      "Render saved results as a report directory (as check --report writes), or as one file: Markdown (with "
      "SVG figures next to it), LaTeX (pgfplots) or JSON.\n"
      "Examples:\n"
      "  normbound report out/report/results.json --out rebuilt-report\n"
      "  normbound report out/report/results.json --out appendix.tex\n"
      "  normbound report results.json --out docs/report.md --top 10");
  report->add_option("results", o.results_file,
                     "Results JSON written by 'normbound check --json' or --report, or the reproduction.json of a "
                     "'normbound reproduce --report' directory (with the results.json beside it)")
      ->required()
      ->check(CLI::ExistingFile);
  report->add_option("--format", o.format, "md, tex or json (default: the extension of --out)")
      ->check(CLI::IsMember({"md", "tex", "json"}));
  report->add_option("--out", o.out,
                     "File to write (its directory must exist), or a report directory (an existing directory, a "
                     "path ending in '/', or one without extension)")
      ->required();
  report->add_flag("--force", o.force,
                   "Write a report directory into a directory holding files normbound did not write: the report "
                   "goes beside them, and normbound never replaces or removes a file it did not write");
  report->add_flag("--appendix", o.appendix,
                   "LaTeX as a fragment to \\input into a paper's appendix (no preamble); a report directory "
                   "gets report-appendix.tex beside report.tex");
  add_report_wording_options(*report, o.title, o.intro);
  add_count_option(*report, "--top", o.top, 0, kMaxTop, "Cases listed per theorem in each listing");
  report->add_flag("--no-timestamp", o.no_timestamp, "Leave the run's timestamp out of the report");
  return report;
}

namespace {

// A reproduction's report directory written again from its reproduction.json and the results.json
// beside it, as reproduce --report wrote it.
int reproduction_report(const ReportCommandOptions& o, const nlohmann::json& reproduction, bool directory,
                        std::ostream& out) {
  if (!directory || !o.format.empty() || o.appendix || !o.title.empty() || !o.intro.empty())
    throw UsageError("'" + o.results_file + "' is a reproduction: it renders as a report directory (--out DIR), "
                     "without --format, --appendix, --title or --intro");
  const std::filesystem::path results = std::filesystem::path(o.results_file).parent_path() / "results.json";
  RunResults certified = read_results_file(results.string());
  if (o.no_timestamp) certified.timestamp.clear();
  reproduce::Reproduction r;
  try {
    r = reproduce::reproduction_from_json(reproduction, std::move(certified));
  } catch (const InputError& e) {
    throw InputError("reproduction file '" + o.results_file + "': " + e.what());
  }
  reports::StagedDirectory report(o.out, o.force);
  report.write(reproduce::reproduction_files(r));
  report.commit();
  out << "report written to " << report.target().string() << "\n";
  return 0;
}

}  // namespace

int run_report(const ReportCommandOptions& o, std::ostream& out) {
  const std::filesystem::path path(o.out);
  std::error_code ec;
  const std::string extension = path.extension().string();
  const bool directory = std::filesystem::is_directory(path, ec) || !path.has_filename() ||
                         (o.format.empty() && extension.empty());
  if (!directory) refuse_outputs_onto_inputs({{"--out", o.out}}, {}, {{"RESULTS", o.results_file}});
  const nlohmann::json document =
      parse_json(read_input_file(o.results_file, "results file"), "results file '" + o.results_file + "'");
  if (document.is_object() && document.contains("format") && document["format"] == "normbound-reproduction")
    return reproduction_report(o, document, directory, out);
  RunResults results;
  try {
    results = results_from_json(document);
  } catch (const InputError& e) {
    throw InputError("results file '" + o.results_file + "': " + e.what());
  }
  if (o.no_timestamp) results.timestamp.clear();
  if (directory) {
    if (!o.format.empty())
      throw UsageError("--out '" + o.out + "' is a report directory, which holds every format; leave out --format");
    reports::StagedDirectory report(path, o.force);
    report.write(reports::report_directory_files(results, {o.top, o.appendix, o.title, o.intro}));
    report.commit();
    out << "report written to " << report.target().string() << "\n";
    return 0;
  }
  if (o.force) throw UsageError("--force applies to a report directory only");
  const std::string from_extension = extension.empty() ? "" : extension.substr(1);
  if (o.format.empty() && from_extension != "md" && from_extension != "tex" && from_extension != "json")
    throw UsageError("--out '" + o.out + "': cannot tell the format from the extension '" + extension +
                     "'; name a .md, .tex or .json file, or give --format");
  if (!o.format.empty() && !from_extension.empty() && from_extension != o.format &&
      (from_extension == "md" || from_extension == "tex" || from_extension == "json"))
    throw UsageError("--format " + o.format + " contradicts the extension of --out '" + o.out + "'");
  const std::string format = o.format.empty() ? from_extension : o.format;
  if (o.appendix && format != "tex") throw UsageError("--appendix is a LaTeX fragment: name a .tex file or a directory");
  reports::write_report_files(path.parent_path(), reports::report_files(results, {o.top, o.appendix, o.title, o.intro}, reports::report_format(format),
                                                                        path.filename().string()));
  out << "report written to " << o.out << "\n";
  return 0;
}

}  // namespace nb::cli
