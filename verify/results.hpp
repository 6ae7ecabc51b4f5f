#pragma once
// The complete, serializable record of a run. Reports are pure functions of it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/case.hpp"
#include "verify/outcome.hpp"
#include "verify/theorem.hpp"

namespace nb {

inline constexpr int kResultsSchemaVersion = 1;

// Cases per verdict, indexed by static_cast<int>(Verdict).
using VerdictCounts = std::array<std::size_t, 8>;

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
  std::string expectation;    // one sentence saying why the outcome is (un)expected
  std::vector<CaseOutcome> outcomes;      // every case, in case order
  std::optional<FlaggedCase> worst_case;  // smallest relative slack among certified cases
  std::vector<FlaggedCase> violations;    // certified VIOLATED, smallest input first
  std::size_t violations_total = 0;       // violations found (the list may be capped)
};

struct RunSettingsRecord {
  unsigned precision = 0, max_precision = 0, threads = 1;
  double near_tight = 0, confidence = 0;
  std::uint64_t seed = 0;
  std::size_t cases_per_theorem = 0;
  std::string source;  // "random", "case-file", ...
};

struct RunResults {
  std::string version, commit, command_line, timestamp;
  RunSettingsRecord settings;
  std::vector<TheoremResult> theorems;
};

// Builds a theorem's result from its cases and their outcomes: counts, expectation, the worst
// case, and the violations sorted by input size then case index (at most `max_violations`
// embedded in full; violations_total counts all).
TheoremResult summarize(const TheoremInfo& info, const std::vector<Case>& cases,
                        std::vector<CaseOutcome> outcomes, std::size_t max_violations = 50);

// Expected iff: expect holds -> no VIOLATED or VIOLATED (statistical) case;
//               expect violated -> at least one of them.
bool expectation_met(Expect expect, const VerdictCounts& counts);

// 0 if every theorem is as expected and nothing is undecided; 1 if any theorem is unexpected;
// 2 if all are expected but INCONCLUSIVE or UNDECIDED (statistical) cases remain.
int exit_status(const RunResults& results);

nlohmann::json results_to_json(const RunResults& results);

}  // namespace nb
