#pragma once
// The report as JSON: the results file itself (results_to_json, so results_from_json reads it
// back) plus a "report" object holding what the Markdown and LaTeX reports derive from the results
// (tightness figures, flagged case indices, figure data, findings), so that JSON shows everything
// they show. Schema: reports/results-schema.md.
#include <string>

#include <nlohmann/json.hpp>

#include "reports/report_content.hpp"

namespace nb::reports {

nlohmann::json json_report(const ReportContent& content);

// json_report(content) as text: two-space indentation, keys sorted, invalid UTF-8 replaced by
// U+FFFD, one newline at the end. Numbers print so that they read back exactly.
std::string json_report_text(const ReportContent& content);

}  // namespace nb::reports
