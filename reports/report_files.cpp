#include "reports/report_files.hpp"

#include "reports/json_report.hpp"
#include "reports/latex_report.hpp"
#include "reports/markdown_report.hpp"
#include "reports/report_output.hpp"
#include "reports/report_document.hpp"
#include "reports/search_section.hpp"
#include "reports/svg_plot.hpp"
#include "verify/io/errors.hpp"

namespace nb::reports {
namespace {

void add_figures(std::vector<ReportFile>& files, const ReportContent& content) {
  for (const Figure& f : content.figures) files.push_back({svg_file_name(f), svg_figure(f)});
}

}  // namespace

ReportFormat report_format(const std::string& name) {
  if (name == "md") return ReportFormat::Markdown;
  if (name == "tex") return ReportFormat::Latex;
  if (name == "json") return ReportFormat::Json;
  throw UsageError("unknown report format '" + name + "' (expected md, tex or json)");
}

std::vector<ReportFile> report_files(const RunResults& results, const ReportOptions& options, ReportFormat format,
                                     const std::string& document_name) {
  const ReportContent content = report_content(results, options);
  std::vector<ReportFile> files;
  switch (format) {
    case ReportFormat::Markdown:
      add_figures(files, content);
      files.push_back({document_name, markdown_report(report_document(content)) + search_markdown(results)});
      break;
    case ReportFormat::Latex: {
      const Document document = report_document(content);
      files.push_back({document_name, options.appendix ? latex_appendix(document) : latex_report(document)});
      break;
    }
    case ReportFormat::Json: files.push_back({document_name, json_report_text(content)}); break;
  }
  return files;
}

std::vector<ReportFile> report_directory_files(const RunResults& results, const ReportOptions& options) {
  const ReportContent content = report_content(results, options);
  const Document document = report_document(content);
  std::vector<ReportFile> files;
  add_figures(files, content);
  files.push_back({"results.json", json_report_text(content)});
  files.push_back({"report.tex", latex_report(document)});
  if (options.appendix) files.push_back({kAppendixFile, latex_appendix(document)});
  files.push_back({"report.md", markdown_report(document) + search_markdown(results)});
  // Case files the results place inside the report (relative "cases/..." paths), so that a report
  // rebuilt from its results.json is complete.
  const std::string cases_prefix = std::string(kReportCasesDirectory) + "/";
  for (const TheoremResult& t : results.theorems)
    for (const FlaggedCase& v : t.violations)
      if (v.case_file.starts_with(cases_prefix)) {
        const std::string name = v.case_file.substr(cases_prefix.size());
        if (name.find('/') != std::string::npos || !report_file_name_is_plain(name))
          throw InputError("results: theorem " + t.info.id + ": case_file \"" + v.case_file + "\" is not one plain file name in " +
                           cases_prefix + " (a report writes its case files there and nowhere else)");
        files.push_back({v.case_file, case_file_text(v.input)});
      }
  return files;
}

}  // namespace nb::reports
