#pragma once
// Everything a report shows, computed once from the results: the run header, each theorem's
// tightness figures and flagged cases, the figure data and the findings. Markdown, LaTeX and JSON
// render this one value, so no format computes anything the others do not show. A pure function
// of RunResults: nothing here decides a verdict.
#include <cstddef>
#include <string>
#include <vector>

#include "reports/figure_data.hpp"
#include "reports/rich_text.hpp"
#include "reports/theorem_report.hpp"
#include "verify/results/results.hpp"

namespace nb::reports {

struct ReportOptions {
  std::size_t top = 3;    // cases each listing shows per theorem (tightest, undecided, statistical)
  bool appendix = false;  // a report directory also holds report-appendix.tex (latex_appendix)
  // The document's title and its framing sentence, plain text; "": a title and sentence naming the
  // works the theorems cite (report_document).
  std::string title, introduction;
};

struct HeaderRow {
  std::string key;
  RichText value;
};

struct ReportContent {
  const RunResults* results = nullptr;
  ReportOptions options;
  std::vector<HeaderRow> header;       // version and commit, command line, seed, precision, ...
  std::vector<TheoremReport> theorems;  // in results order
  std::vector<Figure> figures;
  std::vector<RichText> findings;
};

// The content of the report of `results`; refers into `results`, which must outlive it.
ReportContent report_content(const RunResults& results, const ReportOptions& options);

}  // namespace nb::reports
