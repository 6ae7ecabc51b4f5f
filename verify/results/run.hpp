#pragma once
// The run as a library: theorems, each with its cases, and the engine settings in; the complete
// results out. `normbound check` only builds the plan and prints; search, reproduction and tests
// call the same function.
#include <functional>
#include <string>
#include <vector>

#include "verify/engine/engine.hpp"
#include "verify/results/results.hpp"

namespace nb {

// One theorem and the cases it is evaluated on.
struct TheoremCases {
  const Theorem* theorem = nullptr;
  std::vector<Case> cases;
  CaseOrigin origin = CaseOrigin::SuiteOrSaved;
};

// What a run records about itself besides its verdicts (copied into RunResults as given).
struct RunRecord {
  std::string command_line;
  std::string timestamp;               // ISO 8601 UTC, or "" for reproducible output
  std::size_t cases_per_theorem = 0;   // the random suites' size (0 when no suite ran)
  std::string source = "random";       // "random", "case-file", or the --source spec
  std::vector<InputSource> sources;    // where the cases came from
};

struct RunPlan {
  std::vector<TheoremCases> theorems;
  CheckSettings settings;
  RunRecord record;
};

// Called from the engine as cases are decided: (theorem id, cases of it decided, its total, deciding
// round). The theorems' cases are decided interleaved.
using RunProgressFn = std::function<void(const std::string&, std::size_t, std::size_t, DecidingRound)>;

// The cases of `theorem`'s default random suite for (seed, count), followed, where its shapes say
// so (SuiteShapes::in_default_suite), by one case at each shape of the paper regime.
TheoremCases suite_cases(const Theorem& theorem, std::uint64_t seed, std::size_t count);

// Evaluates every theorem of the plan on its cases, all theorems' cases in one pool of threads
// (evaluate_theorems: the guarantees of evaluate_cases, in particular results independent of the
// thread count), and summarizes each (summarize), in plan order. The results carry this build's version and commit and the plan's record; violations
// carry no case file or replay command (saving them is the caller's choice). Throws InputError
// when a case breaks its theorem's assumptions.
RunResults run(const RunPlan& plan, const RunProgressFn& progress = {});

// The plan's theorems and cases as the engine takes them (pointing into `plan`).
std::vector<TheoremCaseList> plan_work(const RunPlan& plan);

// What run returns, from every case's outcome (outcomes[t][i]: case i of the plan's theorem t).
RunResults plan_results(const RunPlan& plan, std::vector<std::vector<CaseOutcome>> outcomes);

}  // namespace nb
