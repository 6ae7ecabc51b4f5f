#pragma once
// Exact decisions for claims that interval arithmetic leaves TIGHT at the precision cap (equal
// within resolution: no precision can tell a slack of exactly 0 from a tiny one). The case is
// evaluated once more in exact arithmetic (Theorem::evaluate_exact, Calcium: verify/exact_real.hpp)
// and each TIGHT claim takes the verdict of the exact sign of its slack (classify_exact):
// EQUAL (exact) when the bound is attained, VIOLATED for a strict claim at equality, TIGHT when
// the sign cannot be decided. Only the engine calls this, once per case at the final precision.
#include <string>
#include <vector>

#include "verify/exact_real.hpp"
#include "verify/outcome.hpp"
#include "verify/slack.hpp"
#include "verify/theorem.hpp"
#include "verify/verdict.hpp"

namespace nb {

// For the claims of case `c` (`claims`, their `verdicts` and `slacks` from the interval
// evaluation, in order): when some verdict is Tight and budget.units > 0, evaluates the case
// exactly within `budget` and replaces each Tight verdict by classify_exact of its slack's sign;
// a slack decided to be 0 gets the enclosure [0, 0], a positive (negative) one loses the part
// of its enclosure below (above) 0. Returns what CaseOutcome::exact records
// (verify/outcome.hpp):
//   ""                      no claim was Tight, or exact decisions are off (budget 0);
//   kBoundAttained          every Tight claim decided, at least one with slack exactly 0;
//   kExactlyDecided         every Tight claim decided, none at equality;
//   kExactUndecided + why   some claim stays Tight, e.g. "undecided: no exact form (general
//                           spectral norm)", "undecided: budget: more than 20000000 units of work".
std::string decide_tight_claims(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                const ExactBudget& budget, const std::vector<Claim<Interval>>& claims,
                                std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks);

}  // namespace nb
