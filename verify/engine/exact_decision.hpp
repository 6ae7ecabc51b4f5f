#pragma once
// Exact decisions for claims that interval arithmetic leaves undecided at the precision cap:
//   * TIGHT (equal within resolution: no precision can tell a slack of exactly 0 from a tiny one);
//   * INCONCLUSIVE, whose enclosure stays wide whatever the precision, e.g. a count of distances
//     below r when one distance equals r exactly (an indicator is [0, 1] in intervals).
// The case is evaluated once more in exact arithmetic (Theorem::evaluate_exact, Calcium:
// verify/numbers/exact_real.hpp). Only the engine calls this, once per case at the final precision.
#include <string>
#include <vector>

#include "verify/numbers/exact_real.hpp"
#include "verify/engine/outcome.hpp"
#include "verify/engine/slack.hpp"
#include "verify/engine/theorem.hpp"
#include "verify/engine/verdict.hpp"

namespace nb {

// x narrowed by the enclosure of its exact value at the working precision (unchanged when that
// value is unknown). Throws std::logic_error naming `what` when the two are disjoint: a bug in one
// of the two evaluations, never to be resolved silently.
Interval narrowed_to_exact(const Interval& x, const ExactReal& exact, const std::string& what);

// How the engine classifies a claim's slack enclosure at a tier: verify/engine/verdict.hpp's classify with
// the run's policy, the tier's precision and the case's size. Plain data, so that the exact
// decision of a case can be handed to another process (verify/engine/exact_decision_in_child.hpp).
struct SlackClassifier {
  VerdictPolicy policy;
  unsigned bits = 0;
  bool final_precision = false;
  std::size_t problem_size = 1;

  template <class R>
  Verdict operator()(const SlackEnclosure& s, const Claim<R>& claim) const {
    return classify(s, claim.relation, claim.evidence, policy, bits, final_precision, problem_size);
  }
};

// Whether decide_claims_exactly tries anything: some verdict is Tight or Inconclusive and
// budget.units > 0.
bool wants_exact_decision(const std::vector<Verdict>& verdicts, const ExactBudget& budget);

// For case `c` (`sides` from the interval evaluation, the `verdicts` and `slacks` of its claims,
// in order): when some verdict is Tight or Inconclusive and budget.units > 0, evaluates the case
// exactly within `budget`, then
//   * each INCONCLUSIVE claim whose exact value and bound are numbers gets the intersection of its
//     enclosures with theirs, its slack recomputed and classified again by `classify`; the
//     quantities of `sides` are narrowed alike (so a printed count is the exact one);
//   * each claim still Tight or Inconclusive takes the verdict of the exact sign of its slack
//     (classify_exact): EQUAL (exact) when the bound is attained, VIOLATED for a strict claim at
//     equality; a slack decided to be 0 gets the enclosure [0, 0], a positive (negative) one loses
//     the part of its enclosure below (above) 0. An unknown sign leaves the verdict as it was.
// Returns what CaseOutcome::exact records (verify/engine/outcome.hpp):
//   ""                      no claim was undecided, or exact decisions are off (budget 0);
//   kBoundAttained          every undecided claim decided, at least one with slack exactly 0;
//   kExactlyDecided         every undecided claim decided, none at equality;
//   kExactUndecided + why   some claim stays undecided, e.g. "undecided: no exact form (general
//                           spectral norm)", "undecided: budget: more than 20000000 units of work";
//   kUndefined + why        an operation's argument is exactly outside its domain (a divisor that
//                           is exactly 0, verify/numbers/outside_domain.hpp): every undecided
//                           claim is left INCONCLUSIVE.
// Throws std::logic_error as narrowed_to_exact does.
std::string decide_claims_exactly(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                  const ExactBudget& budget, const SlackClassifier& classify, Sides<Interval>& sides,
                                  std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks);

}  // namespace nb
