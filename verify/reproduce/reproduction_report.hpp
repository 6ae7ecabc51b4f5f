#pragma once
// A reproduction as files: the claims table and runtimes as Markdown (report.md), the certified
// verdicts in normbound's results format (results.json, so `normbound report` renders them), the
// whole reproduction as JSON (reproduction.json), and per experiment its tidy tables as CSV
// (<id>.csv, one row per grid point x window x layer x head; <id>-curves.csv, the aggregates) and
// its figures (<name>.svg for Markdown, <name>.tex with a pgfplots picture for LaTeX).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reports/report_files.hpp"
#include "verify/reproduce/reproduction.hpp"

namespace nb::reproduce {

// The whole reproduction: source, per experiment its method, testability, tables, claims,
// figures and times, the certified verdict counts (schema "normbound-reproduction", version 3:
// version 2 had no figures, version 1 no claim evidence, basis or numbers, no source stand_in, and
// two verdicts besides "not testable").
inline constexpr int kReproductionJsonVersion = 3;
nlohmann::json reproduction_json(const Reproduction& r);

// The reproduction reproduction_json wrote, with `certified`, the results written beside it
// (results.json), whose verdict counts must be the ones it records: what reproduction_files needs
// to write the run's files again, byte for byte. The experiments' certified rows and evidence,
// which no file shows, stay empty. Throws InputError saying what is missing or wrong.
Reproduction reproduction_from_json(const nlohmann::json& j, RunResults certified);

// Every claim of every experiment, in order.
std::vector<Claim> all_claims(const Reproduction& r);

// "<seconds> s" beside the paper's Table 1 time, one line per experiment, as a Markdown table.
std::string runtime_markdown(const Reproduction& r);

// The files listed above.
std::vector<reports::ReportFile> reproduction_files(const Reproduction& r);

}  // namespace nb::reproduce
