#pragma once
// The complete, serializable record of a run. Reports are pure functions of it.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/engine/case.hpp"
#include "verify/engine/outcome.hpp"
#include "verify/engine/theorem.hpp"
#include "verify/results/kept_outcomes.hpp"
#include "verify/results/looseness.hpp"
#include "verify/results/search_record.hpp"

namespace nb {

// Version 2 added "sources" and made "timestamp" ISO 8601; version 3 the binary64 tier and the
// sequential looks of statistical cases; version 4 the verdict "equal_exact", each outcome's
// "exact" and the setting "exact_budget"; version 5 the setting "exact_time_limit"
// (reports/results-schema.md).
inline constexpr int kResultsSchemaVersion = 5;

// Cases per verdict, indexed by static_cast<int>(Verdict).
using VerdictCounts = std::array<std::size_t, kVerdictCount>;

// A case worth showing in full: its outcome, its exact input, and how to replay it.
struct FlaggedCase {
  CaseOutcome outcome;
  Case input;
  std::string case_file;  // where the CLI saved it ("" if not saved)
  std::string replay;     // command line that re-runs exactly this case
};

struct TheoremResult {
  TheoremInfo info;
  VerdictCounts counts{};
  bool expected = true;       // the outcome matches `expect` (see expectation_of)
  std::string expectation;    // the outcome against `expect`, counting what was decided ("holds on 79 of 100,
                              // 21 TIGHT"): the console, the report and the JSON say it alike
  std::size_t cases = 0;                  // cases decided
  std::vector<CaseOutcome> outcomes;      // every case, in case order; with `kept`, the kept ones
  // Bounded results (verify/results/outcome_keeper.hpp): what was kept of the cases beside the
  // counts; then `outcomes` holds only the kept cases. Empty when every outcome is held.
  std::optional<KeptOutcomes> kept;
  std::optional<FlaggedCase> worst_case;  // smallest relative slack among certified cases
  std::vector<FlaggedCase> violations;    // certified VIOLATED, smallest input first
  std::size_t violations_total = 0;       // violations found (the list may be capped)
};

struct RunSettingsRecord {
  bool binary64_tier = true;
  unsigned precision = 0, max_precision = 0, threads = 1;
  unsigned max_sample_doublings = 0;
  double near_tight = 0, confidence = 0;
  std::uint64_t seed = 0;
  std::size_t cases_per_theorem = 0;
  std::string source;  // "random", "case-file", ...
  std::uint64_t exact_budget = 0;  // ExactBudget::units of exact decisions (0: off)
  double exact_time_limit = 0;     // CPU seconds each exact evaluation may take
};

// Where a run's cases came from: a generator with its parameters, or a file with its SHA-256.
struct InputSource {
  std::string kind;      // "random", "case-file", ...
  std::string location;  // the file or directory read ("" for generated cases)
  std::string sha256;    // lower-case hex SHA-256 of the file ("" when not a file)
  std::map<std::string, std::string> parameters;  // generator parameters (seed, counts, ...)
};

struct RunResults {
  std::string version, commit, command_line;
  std::string timestamp;  // ISO 8601 UTC, e.g. "2025-11-29T17:39:23Z"; "" when not recorded
  RunSettingsRecord settings;
  std::vector<InputSource> sources;
  std::vector<TheoremResult> theorems;
  // On a source's or a regime's cases: how loose each bound is (looseness_of); empty otherwise.
  std::vector<TheoremLooseness> looseness;
  // Why the run stopped before deciding every case ("interrupted by SIGINT"): then each theorem's
  // outcomes are those of the cases decided before, its first ones. "" when the run is complete.
  std::string partial;
  // A search run's search (normbound search), its theorems those of `theorems` in order.
  std::optional<SearchRecord> search;
};

// Whether `v` is certified (neither statistical nor INCONCLUSIVE): the cases a worst case is
// chosen among.
bool is_certified_verdict(Verdict v);

// The verdicts that decide neither way: TIGHT, INCONCLUSIVE and UNDECIDED (statistical).
bool is_undecided(Verdict v);
// The cases of `counts` with such a verdict.
std::size_t undecided_count(const VerdictCounts& counts);
// Those cases per verdict, e.g. "21 TIGHT, 1 INCONCLUSIVE" ("" when none).
std::string undecided_text(const VerdictCounts& counts);

// Where a theorem's cases came from, which decides what "expected" means for a statement that is
// false in general: its own suite and saved counterexamples are built to contain a witness, so
// finding none is unexpected; data from a model or a file need not contain one.
enum class CaseOrigin { SuiteOrSaved, External };

// The outcome in words (TheoremResult::expectation), counting what was decided: "holds on every
// case, as expected", "holds on 79 of 100, 21 TIGHT", "VIOLATED (expected): 3 counterexample(s)",
// "UNEXPECTED: ...". `expected` is expectation_met's answer for these counts.
std::string expectation_words(Expect expect, const VerdictCounts& counts, std::size_t cases, bool expected);

// Builds a theorem's result from its cases and their outcomes: counts, expectation, the worst
// case, and the violations sorted by input size then case index (at most `max_violations`
// embedded in full; violations_total counts all).
TheoremResult summarize(const TheoremInfo& info, const std::vector<Case>& cases, std::vector<CaseOutcome> outcomes,
                        CaseOrigin origin = CaseOrigin::SuiteOrSaved, std::size_t max_violations = 50);
// summarize with case i given by case_at(i), called only for the cases it keeps in full (cases
// built when asked: verify/engine/case_list.hpp).
TheoremResult summarize(const TheoremInfo& info, const std::function<Case(std::size_t)>& case_at,
                        std::vector<CaseOutcome> outcomes, CaseOrigin origin = CaseOrigin::SuiteOrSaved,
                        std::size_t max_violations = 50);

// Expected iff: expect holds -> no VIOLATED or VIOLATED (statistical) case;
//               expect violated -> at least one of them, or any outcome for External cases.
bool expectation_met(Expect expect, const VerdictCounts& counts, CaseOrigin origin);

// 0 if every theorem is as expected and nothing is undecided; 1 if any theorem is unexpected;
// 2 if all are expected but undecided (is_undecided) cases remain.
int exit_status(const RunResults& results);
// What an exit_status value means, e.g. "every outcome as expected".
const char* exit_status_meaning(int status);

// The results as JSON (schema in reports/results-schema.md): objects have sorted keys, enclosures
// are pairs of decimal strings, the 64-bit seed is a decimal string, so the text is stable and
// every number reads back exactly.
nlohmann::json results_to_json(const RunResults& results);

// One outcome as results_to_json writes it in a theorem's "outcomes".
nlohmann::json outcome_to_json(const CaseOutcome& o);

// The inverse of results_to_json: results_to_json(results_from_json(j)) == j for every j that
// results_to_json wrote, apart from keys results_to_json does not write (ignored, such as the
// derived "report" block of a report's results.json). "search", when present, names the results'
// theorems in order, each with at least one outcome. "looseness", when present, is recomputed
// from the outcomes (looseness_of) and must equal the file's. Enclosures' `approx` is recomputed from their
// decimal text. Throws InputError naming the offending field (e.g. "theorems[1].outcomes[4].slack")
// when `j` has another schema_version, lacks a field, has a field of the wrong type or an invalid
// value, or its counts disagree with its outcomes or its expectation with its counts.
RunResults results_from_json(const nlohmann::json& j);

// results_from_json(results_to_json(results)): the results as a file holds them, which reports
// render. `results` come from this run's engine, so a rejection by the results check is a bug of
// normbound (std::logic_error, exit 70), never bad input.
RunResults results_as_saved(const RunResults& results);

// The results check of results_as_saved, for a run that saves nothing: throws std::logic_error
// where results_as_saved would, except on the flagged cases' inputs, which it leaves out. Those
// are cases, which case_to_json and case_from_json read back exactly
// (tests/verify/case_from_json_test.cpp); serializing an input of tens of thousands of numbers
// cost as much as checking the case.
void check_results(const RunResults& results);

// results_from_json of the file at `path`. Throws InputError when the file cannot be read, is not
// JSON, or does not follow the schema.
RunResults read_results_file(const std::string& path);

}  // namespace nb
