#pragma once
// The report document as GitHub-flavoured Markdown: pipe tables, math in $$ ... $$, figures linked
// as SVG files next to the report. Readable as plain text too: one fact per line, numbers in code
// spans.
#include <string>

#include "reports/report_document.hpp"

namespace nb::reports {

// The Markdown text of `document`, ending in one newline; figures are linked relatively as
// svg_file_name(figure).
std::string markdown_report(const Document& document);

}  // namespace nb::reports
