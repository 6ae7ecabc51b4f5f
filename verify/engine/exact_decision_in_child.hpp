#pragma once
// Exact decisions bounded in CPU time: decide_claims_exactly runs in a child process
// (verify/io/time_limited_child.hpp) that is killed when its CPU time passes a limit. The work
// budget (ExactBudget) is checked between Calcium's operations only, and one operation, a search
// for relations between a field's generators, can run for hours; a process can be stopped
// whatever it is doing.
//
// Each thread keeps one child, a TimeLimitedWorker started at its first exact decision and again
// after one was killed, and hands it the decisions as bytes (verify/engine/exact_decision_bytes.hpp): a
// fork per decision cost 20-40 ms, more than most decisions. normbound starts itself as that
// child (run_exact_workers_as): a fork of a process whose other threads are deciding cases can
// inherit a lock held for good (verify/io/time_limited_child.hpp), and a fresh process also copies
// no pages of the parent's. The child finds the theorem by its id
// through the function given to find_theorems_in_exact_workers (the registry's). A decision whose
// theorem it would not find, or whose case does not travel exactly, runs in a child forked for it
// alone (run_in_time_limited_child), which holds every object of the caller: slower, same answer.
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

#include "verify/engine/exact_decision.hpp"
#include "verify/engine/exact_decision_bytes.hpp"
#include "verify/io/time_limited_child.hpp"

namespace nb {

// The reason (after kExactUndecided) of a case whose exact evaluation used up its CPU time.
inline const std::string kExactOverTimeLimit = "exact evaluation over its time limit";

// decide_claims_exactly(theorem, c, ctx, budget, classify, sides, verdicts, slacks), run in a child
// process whose CPU time for this decision may reach `cpu_seconds` (> 0). When the child finishes
// within that, the result, `sides`, `verdicts` and `slacks` are exactly those of
// decide_claims_exactly at the calling thread's working precision (the numbers travel bit for bit
// both ways), and what it throws is thrown here (InputError as InputError, anything else as
// std::logic_error with its message: a bug). Otherwise they are left unchanged and the result is
// kExactUndecided followed by
//   kExactOverTimeLimit + " (S s of CPU)"       the child used up its CPU time (S = cpu_seconds);
//   "exact evaluation out of memory";
//   "exact evaluation stalled"                  no end after 10 cpu_seconds + 10 s of wall-clock time;
//   "exact evaluation failed: HOW"              the child could not start or crashed;
// and the thread's next decision starts a fresh child. No child is made when
// decide_claims_exactly would try nothing (wants_exact_decision). A thread's child ends with the
// thread (killed and reaped at its exit; killed by the kernel if the process dies first).
std::string decide_claims_exactly_within(double cpu_seconds, const Theorem& theorem, const Case& c,
                                         const EvalContext& ctx, const ExactBudget& budget,
                                         const SlackClassifier& classify, Sides<Interval>& sides,
                                         std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks);

// Lets the threads' children find theorems: `find` returns, for an id, a theorem object that exists
// unchanged until the process ends, or nullptr. Only the first call counts (later children are
// forks of a process that holds it). theorems/registry.cpp calls it when the registry is made;
// theorems that `find` does not return are decided in a child forked for each decision.
void find_theorems_in_exact_workers(TheoremFinder find);

// Exact work of a theorem's own, outside the decision of its claims, that must be bounded in time
// the same way (the tied draws of a sampled statistic: verify/formula/vocabulary/sphere_expectation_calls.hpp): a
// function from bytes to bytes that the thread's child finds by name.
using ExactTask = std::string (*)(const std::string& input);

// Lets the threads' children run `task` as `name`. Call it where the theorems are registered (a
// fresh child registers them too), before the first exact evaluation.
void add_exact_task(const std::string& name, ExactTask task);

// task(input) of the task added as `name`, run in the calling thread's child (the one of its exact
// decisions) whose CPU time for it may reach `cpu_seconds` (> 0): its answer, or nullopt when the
// child used up its time, stalled, ran out of memory or failed (the next request starts a fresh
// child).
std::optional<std::string> run_exact_task_within(double cpu_seconds, const std::string& name,
                                                 const std::string& input);

// From now on, the threads' children of exact decisions are `program` (its arguments, the first its
// path), which calls serve_exact_decision_requests, rather than forks of this process. Call it
// before any exact decision, before the threads that ask for them start.
void run_exact_workers_as(FreshProgram program);

// The fresh program's side: answers exact-decision requests until its parent is done, then exits.
// Requires the theorems to be registered (find_theorems_in_exact_workers called).
[[noreturn]] void serve_exact_decision_requests();

// The process id of the calling thread's child of exact decisions; 0 when it has none (for tests).
pid_t exact_decision_worker_pid();

}  // namespace nb
