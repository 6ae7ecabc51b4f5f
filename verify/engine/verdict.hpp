#pragma once
// Verdicts, decided from a slack enclosure alone (Arb's discipline: uncertainty is never rounded
// into a pass or a fail). This file is the only place that decides them.
#include <string>
#include <vector>

#include "verify/numbers/exact_sign.hpp"
#include "verify/engine/sides.hpp"
#include "verify/engine/slack.hpp"

namespace nb {

enum class Verdict {
  Proven,                // certified: the claim holds (and is not near-tight)
  NearTight,             // certified to hold, relative slack below the near-tight threshold
  Tight,                 // at the maximum precision the slack encloses 0 within resolution
  Violated,              // certified: the claim fails; the case is a counterexample
  Inconclusive,          // none of the above after escalation, or NaN/infinite enclosure
  HoldsStatistical,      // confidence interval of the slack certainly on the right side
  ViolatedStatistical,   // confidence interval certainly on the wrong side
  UndecidedStatistical,  // confidence interval straddles
  EqualExact,            // the slack is certified exactly 0 (an interval tier's enclosure [0, 0], or an
                         // exact evaluation of a TIGHT claim): the bound is attained, so the claim
                         // holds (<=, >=, =)
  Refused,               // the case breaks an assumption of the theorem (a model's row outside the
                         // statement's hypotheses): not evaluated, neither for nor against the claim
};

// The number of verdicts (the size of per-verdict counts).
inline constexpr int kVerdictCount = 10;

// "PROVEN", "NEAR-TIGHT", ..., "HOLDS (statistical)", "EQUAL (exact)".
const char* verdict_name(Verdict v);
// JSON key: "proven", "near_tight", "tight", "violated", "inconclusive", "holds_statistical", ...,
// "equal_exact", "refused".
const char* verdict_key(Verdict v);
// Throws InputError on an unknown key.
Verdict verdict_from_key(const std::string& key);
bool is_statistical(Verdict v);

struct VerdictPolicy {
  double near_tight = 1e-3;  // relative-slack threshold of NEAR-TIGHT
};

// The verdict of one claim from its slack enclosure at precision `bits`:
//   a NaN end (unknown)                               -> Inconclusive
//   (an infinite end is an overflow of a valid enclosure: the finite end still decides the sign,
//   so [1e323228496, +inf] for <= is Proven)
//   exactly [0, 0] for <= or >=                       -> EqualExact (the point interval of a rigorous
//                                                        tier certifies slack = 0, as classify_exact)
//   certainly on the right side (>= 0; > 0 if strict;
//     exactly [0, 0] for equality)                    -> Proven, or (not for equality) NearTight if
//                                                        relative_hi < near_tight
//   certainly on the wrong side                       -> Violated
//   otherwise, if `final_precision`, contains 0 and
//     hi - lo < 2^-(bits-8) * max(1, |bound|) * n^2   -> Tight
//     (n = problem_size, the case's count of inputs: the rounding error of an evaluation over n
//     inputs grows like n^2 ulps, e.g. Gershgorin sums of n products of n terms, so a width of
//     that order is resolution, not uncertainty that more bits would remove)
//   otherwise                                         -> Inconclusive
// For Evidence::Statistical the same sign tests give HoldsStatistical / ViolatedStatistical /
// UndecidedStatistical, and precision plays no part.
Verdict classify(const SlackEnclosure& s, Relation relation, Evidence evidence,
                 const VerdictPolicy& policy, unsigned bits, bool final_precision,
                 std::size_t problem_size = 1);

// The verdict of a claim that classify left Tight, from the sign of its slack decided in exact
// arithmetic (verify/engine/exact_decision.hpp):
//   zero      -> EqualExact for <=, >= and = (the bound is attained, the claim holds);
//                Violated for < and > (equality refutes a strict claim);
//   positive  -> Proven (Violated for =);
//   negative  -> Violated;
//   unknown   -> Tight (undecided stays undecided).
Verdict classify_exact(ExactSign slack, Relation relation);

// Whether more precision could change `v`: only Inconclusive (classify gives Tight only at the
// final precision).
bool needs_more_precision(Verdict v);

// Whether `v`, classified from the enclosure `s`, is the verdict that every narrower enclosure of
// the same slack would give: a certain sign (Proven, NearTight, Violated, or a statistical
// Holds/Violated) and, for Proven of an inequality, a relative slack certainly at or above the
// near-tight threshold (an equality is Proven only by an exact [0, 0]). The engine keeps the
// binary64 tier's verdict only when it is settled, so both tiers give the same verdicts.
bool is_settled(Verdict v, const SlackEnclosure& s, Relation relation, const VerdictPolicy& policy);

// The verdict of a case from those of its claims: the first present in the order
// Violated, ViolatedStatistical, Inconclusive, UndecidedStatistical, Tight, EqualExact,
// NearTight, HoldsStatistical, Proven. Returns the index of the deciding claim (the one with that verdict
// and, among several, the smallest relative_lo).
std::size_t deciding_claim(const std::vector<Verdict>& verdicts, const std::vector<SlackEnclosure>& slacks);

}  // namespace nb
