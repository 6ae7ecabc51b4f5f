#pragma once
// Exact decisions bounded in CPU time: decide_claims_exactly runs in a child process
// (verify/time_limited_child.hpp) that is killed when its CPU time passes a limit. The work
// budget (ExactBudget) is checked between Calcium's operations only, and one operation, a search
// for relations between a field's generators, can run for hours; a process can be stopped
// whatever it is doing.
#include <string>
#include <vector>

#include "verify/exact_decision.hpp"

namespace nb {

// The reason (after kExactUndecided) of a case whose exact evaluation used up its CPU time.
inline const std::string kExactOverTimeLimit = "exact evaluation over its time limit";

// decide_claims_exactly(theorem, c, ctx, budget, classify, sides, verdicts, slacks), run in a child
// process whose CPU time may reach `cpu_seconds` (> 0). When the child finishes within that, the
// result, `sides`, `verdicts` and `slacks` are exactly those of decide_claims_exactly (the child
// hands its numbers back bit for bit), and what it throws is thrown here (InputError as
// InputError, anything else as std::logic_error with its message: a bug). Otherwise they are left
// unchanged and the result is kExactUndecided followed by
//   kExactOverTimeLimit + " (S s of CPU)"       the child used up its CPU time (S = cpu_seconds);
//   "exact evaluation out of memory";
//   "exact evaluation stalled"                  no end after 10 cpu_seconds + 10 s of wall-clock time;
//   "exact evaluation failed: HOW"              the child could not start or crashed.
// No child is made when decide_claims_exactly would try nothing (wants_exact_decision).
std::string decide_claims_exactly_within(double cpu_seconds, const Theorem& theorem, const Case& c,
                                         const EvalContext& ctx, const ExactBudget& budget,
                                         const SlackClassifier& classify, Sides<Interval>& sides,
                                         std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks);

}  // namespace nb
