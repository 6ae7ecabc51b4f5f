#include "reports/report_content.hpp"

#include "reports/decimal_text.hpp"
#include "reports/findings.hpp"

namespace nb::reports {
namespace {

RichText source_text(const InputSource& s) {
  RichText r{plain(s.kind)};
  if (!s.location.empty()) r.push_back(plain(" ")), r.push_back(code(s.location));
  if (!s.sha256.empty()) r.push_back(plain(", SHA-256 ")), r.push_back(code(s.sha256));
  std::string parameters;
  for (const auto& [k, v] : s.parameters) parameters += (parameters.empty() ? "" : ", ") + k + "=" + v;
  if (!parameters.empty()) r.push_back(plain(", parameters ")), r.push_back(code(parameters));
  return r;
}

std::vector<HeaderRow> header_of(const RunResults& r, const ReportOptions& options) {
  const RunSettingsRecord& s = r.settings;
  const int status = exit_status(r);
  std::vector<HeaderRow> h{
      {"normbound", {code(r.version), plain(", commit "), code(r.commit)}},
      {"command line", {code(r.command_line)}},
      {"seed", {code(std::to_string(s.seed))}},
      {"precision", {plain(std::to_string(s.precision) + " bits, raised up to " + std::to_string(s.max_precision) +
                           " bits for undecided cases")}},
      {"near-tight threshold", {plain("relative slack below " + setting_text(s.near_tight))}},
      {"confidence level", {plain(setting_text(s.confidence) + " (statistical verdicts)")}},
      {"cases", {plain(s.source == "random" ? std::to_string(s.cases_per_theorem) + " per theorem (random suites)"
                                            : "from " + s.source)}},
      {"threads", {plain(std::to_string(s.threads))}},
  };
  // Theorem files in one row, by file: their SHA-256 are in results.json.
  RichText theorem_files;
  for (const InputSource& src : r.sources) {
    if (src.kind != "theorem-file") {
      h.push_back({"input source", source_text(src)});
      continue;
    }
    if (!theorem_files.empty()) theorem_files.push_back(plain(", "));
    theorem_files.push_back(code(src.location));
  }
  if (!theorem_files.empty()) {
    theorem_files.push_back(plain(" (each read once; SHA-256 in results.json)"));
    h.push_back({"theorem files", theorem_files});
  }
  h.push_back({"timestamp", {r.timestamp.empty() ? plain("not recorded") : code(r.timestamp)}});
  if (!r.partial.empty())
    h.push_back({"PARTIAL RESULTS", {plain(r.partial + "; the report covers the cases decided before")}});
  h.push_back({"exit status", {plain(std::to_string(status) + " (" + exit_status_meaning(status) + ")")}});
  h.push_back({"cases listed", {plain("per theorem, the certified counterexample with the fewest input values and at most " +
                                      std::to_string(options.top) +
                                      " cases of each other listing (--top); every case is in results.json")}});
  return h;
}

}  // namespace

ReportContent report_content(const RunResults& results, const ReportOptions& options) {
  ReportContent c;
  c.results = &results;
  c.options = options;
  c.header = header_of(results, options);
  for (const TheoremResult& t : results.theorems) c.theorems.push_back(theorem_report(t, options.top));
  c.figures = figures_of(results);
  c.findings = findings_of(results.settings, c.theorems);
  return c;
}

}  // namespace nb::reports
