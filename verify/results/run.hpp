#pragma once
// The run as a library: theorems, each with its cases, and the engine settings in; the complete
// results out. `normbound check` only builds the plan and prints; search, reproduction and tests
// call the same function.
#include <functional>
#include <string>
#include <vector>

#include "verify/engine/case_list.hpp"
#include "verify/engine/engine.hpp"
#include "verify/results/outcome_keeper.hpp"
#include "verify/results/results.hpp"

namespace nb {

// One theorem and the cases it is evaluated on.
struct TheoremCases {
  const Theorem* theorem = nullptr;
  std::vector<Case> cases;
  CaseOrigin origin = CaseOrigin::SuiteOrSaved;
  // Cases built when asked, in place of `cases` (then empty): a model source's rows, too many to
  // hold at once. A run with such a theorem builds and decides its cases a chunk at a time.
  CaseList built;
};

// The number of cases of `t`: built.size(), or cases.size() when nothing is built.
std::size_t case_count(const TheoremCases& t);

// What a run records about itself besides its verdicts (copied into RunResults as given).
struct RunRecord {
  std::string command_line;
  std::string timestamp;               // ISO 8601 UTC, or "" for reproducible output
  std::size_t cases_per_theorem = 0;   // the random suites' size (0 when no suite ran)
  std::string source = "random";       // "random", "case-file", or the --source spec
  std::vector<InputSource> sources;    // where the cases came from
};

// What the results of a streamed plan hold of its outcomes: every one (TheoremResult::outcomes),
// or bounded results (TheoremResult::kept, verify/results/outcome_keeper.hpp), whose size does not
// grow with the cases. A plan without built cases holds every outcome.
enum class OutcomesHeld { Every, Bounded };

// Takes outcomes as they are decided: those of the plan's cases refs[first, first + size), in
// that order (plan_case_refs). Chunks come in any order under MPI; in one process, in order.
using OutcomeChunkFn = std::function<void(std::size_t first, const std::vector<CaseOutcome>& outcomes)>;

struct RunPlan {
  std::vector<TheoremCases> theorems;
  CheckSettings settings;
  RunRecord record;
  OutcomesHeld held = OutcomesHeld::Every;
  // Whether the results say how loose each bound is (RunResults::looseness, looseness_of): a run
  // on a source's or a regime's cases.
  bool looseness = false;
  // With bounded results: given every outcome of the streamed plan as it is decided (on rank 0 of
  // an MPI job, whose ranks then send every outcome too), e.g. to stream them to a file.
  OutcomeChunkFn every_outcome;
};

// Called from the engine as cases are decided: (theorem id, cases of it decided, its total, deciding
// round). The theorems' cases are decided interleaved.
using RunProgressFn = std::function<void(const std::string&, std::size_t, std::size_t, DecidingRound)>;

// The cases of `theorem`'s default random suite for (seed, count), followed, where its shapes say
// so (SuiteShapes::in_default_suite), by one case at each shape of the paper regime.
TheoremCases suite_cases(const Theorem& theorem, std::uint64_t seed, std::size_t count);

// Asked between chunks of a streamed run: whether to stop, and why ("" to go on).
using StopFn = std::function<std::string()>;

// Evaluates every theorem of the plan on its cases, all theorems' cases in one pool of threads
// (evaluate_theorems: the guarantees of evaluate_cases, in particular results independent of the
// thread count), and summarizes each (summarize), in plan order. The results carry this build's version and commit and the plan's record; violations
// carry no case file or replay command (saving them is the caller's choice). A case that breaks
// its theorem's assumptions is REFUSED (evaluate_cases).
// A plan with built cases (TheoremCases::built) is streamed: its cases are built and decided
// kStreamChunk per thread at a time, in the order theorem by theorem, with the same outcomes; `stop`
// is asked between chunks, and when it gives a reason the results are those of the cases decided
// so far, marked partial with that reason (RunResults::partial). With plan.held Bounded the results
// of a streamed plan are bounded, and plan.every_outcome is given every outcome as it is decided.
RunResults run(const RunPlan& plan, const RunProgressFn& progress = {}, const StopFn& stop = {});

// Cases per thread in a chunk of a streamed run: enough to keep the threads busy, few enough that
// the cases held at once (each up to a row's keys and values) stay small.
inline constexpr std::size_t kStreamChunk = 16;

// Whether the plan has a theorem with built cases.
bool is_streamed(const RunPlan& plan);

// The plan's cases in run's order (theorem by theorem, each in case order).
std::vector<CaseRef> plan_case_refs(const RunPlan& plan);

// What evaluate_streamed decided: the cases refs[begin, begin + decided), and why it stopped before
// `end` ("" when it did not).
struct StreamedRun {
  std::size_t decided = 0;
  std::string stopped;
};

// Decides the cases refs[begin, end) of the plan, in that order, built and decided a chunk at a
// time (evaluate_built_cases: each exactly its outcome in the whole run; a theorem without built
// cases has its cases copied into the chunk), and gives each chunk's outcomes to `take` as they
// are decided, none held after. `stop` (see run) is asked before each chunk but the first.
// Progress is per chunk: (theorem, decided in the chunk, the chunk's cases of it).
StreamedRun evaluate_streamed(const RunPlan& plan, const std::vector<CaseRef>& refs, std::size_t begin, std::size_t end,
                              const OutcomeChunkFn& take, const TheoremProgressFn& progress = {},
                              const StopFn& stop = {});

// The plan's theorems and cases as the engine takes them (pointing into `plan`).
std::vector<TheoremCaseList> plan_work(const RunPlan& plan);

// What run returns (with the looseness when the plan asks for it), from every case's outcome (outcomes[t][i]: case i of the plan's theorem t;
// for partial results, the first cases of each theorem).
RunResults plan_results(const RunPlan& plan, std::vector<std::vector<CaseOutcome>> outcomes);
// The same as bounded results, from each theorem's keeper (keepers[t]: the plan's theorem t).
RunResults plan_results(const RunPlan& plan, const std::vector<OutcomeKeeper>& keepers);

}  // namespace nb
