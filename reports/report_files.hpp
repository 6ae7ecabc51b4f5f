#pragma once
// The files a report consists of, as names and contents: every format of one run rendered from
// one ReportContent. Writing them is report_output's job.
#include <string>
#include <vector>

#include "reports/report_content.hpp"
#include "verify/results/results.hpp"

namespace nb::reports {

enum class ReportFormat { Markdown, Latex, Json };

// "md", "tex", "json" -> format; throws UsageError naming the accepted names otherwise.
ReportFormat report_format(const std::string& name);

struct ReportFile {
  std::string name;  // relative to the report's directory
  std::string content;
};

// The LaTeX fragment a report directory holds with ReportOptions::appendix.
inline constexpr const char* kAppendixFile = "report-appendix.tex";

// The report of `results` in `format` saved as `document_name`: for Markdown the SVG figures
// first and the document last (a search run's ending in its Search section), otherwise just the document (for LaTeX with
// ReportOptions::appendix, the fragment for \input instead of a standalone document).
std::vector<ReportFile> report_files(const RunResults& results, const ReportOptions& options, ReportFormat format,
                                     const std::string& document_name);

// The directory inside a report that holds its counterexamples' case files; the results name
// them relative to the report ("cases/NAME.json"), so that a moved report still replays them.
inline constexpr const char* kReportCasesDirectory = "cases";

// The files of a report directory: the SVG figures, results.json (the JSON report), report.tex,
// report-appendix.tex (with ReportOptions::appendix) and report.md, then the case files of the violations whose case_file lies in
// kReportCasesDirectory, in that order.
std::vector<ReportFile> report_directory_files(const RunResults& results, const ReportOptions& options);

}  // namespace nb::reports
