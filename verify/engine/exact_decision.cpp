#include "verify/engine/exact_decision.hpp"

#include <algorithm>
#include <stdexcept>

#include "verify/numbers/outside_domain.hpp"

namespace nb {
namespace {

// Why a slack's sign stayed unknown: the reasons the evaluation recorded for values without an
// exact form, or Calcium's failure to decide a sign.
std::string unknown_sign_reason(const ExactReal& slack, const ExactScope& scope) {
  if (slack.is_number()) return "Calcium could not decide the sign of the slack";
  std::string reasons;
  for (const std::string& r : scope.unknown_reasons()) reasons += (reasons.empty() ? "" : "; ") + r;
  return reasons.empty() ? "no exact form" : "no exact form (" + reasons + ")";
}

// Narrows an interval slack to what the exact sign says.
void narrow(SlackEnclosure& s, ExactSign sign) {
  const Mpfr zero(0);
  if (sign == ExactSign::Zero) {
    s.lo = s.hi = s.relative_lo = s.relative_hi = zero;
  } else if (sign == ExactSign::Positive) {
    s.lo = max_of(s.lo, zero);
    s.relative_lo = max_of(s.relative_lo, zero);
  } else if (sign == ExactSign::Negative) {
    s.hi = min_of(s.hi, zero);
    s.relative_hi = min_of(s.relative_hi, zero);
  }
}

bool undecided(Verdict v) { return v == Verdict::Tight || v == Verdict::Inconclusive; }

}  // namespace

Interval narrowed_to_exact(const Interval& x, const ExactReal& exact, const std::string& what) {
  if (!exact.is_number()) return x;
  const std::optional<Interval> both = intersection_of(x, enclosure_of(exact));
  if (!both) throw std::logic_error("the exact value of " + what + " lies outside its interval enclosure");
  return *both;
}

bool wants_exact_decision(const std::vector<Verdict>& verdicts, const ExactBudget& budget) {
  return budget.units > 0 && std::any_of(verdicts.begin(), verdicts.end(), undecided);
}

std::string decide_claims_exactly(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                  const ExactBudget& budget, const SlackClassifier& classify, Sides<Interval>& sides,
                                  std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks) {
  if (!wants_exact_decision(verdicts, budget)) return "";
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < verdicts.size(); ++i)
    if (undecided(verdicts[i])) open.push_back(i);

  ExactScope scope(budget);
  std::vector<ExactSign> signs;
  std::string reason;
  try {
    const Sides<ExactReal> exact = theorem.evaluate_exact(c, ctx);
    if (exact.claims.size() != sides.claims.size()) return kExactUndecided + "the exact evaluation made other claims";
    for (std::size_t i : open) {
      const Claim<ExactReal>& e = exact.claims[i];
      Claim<Interval>& claim = sides.claims[i];
      if (e.name != claim.name || e.relation != claim.relation)
        return kExactUndecided + "the exact evaluation made other claims";
      if (verdicts[i] == Verdict::Inconclusive) {
        claim.value = narrowed_to_exact(claim.value, e.value, "the value of '" + claim.name + "'");
        claim.bound = narrowed_to_exact(claim.bound, e.bound, "the bound of '" + claim.name + "'");
        slacks[i] = slack_of(claim);
        verdicts[i] = classify(slacks[i], claim);
      }
      signs.push_back(ExactSign::Unknown);
      if (!undecided(verdicts[i])) continue;
      const ExactReal slack = slack_value(e);
      signs.back() = sign_of(slack);
      if (signs.back() == ExactSign::Unknown && reason.empty()) reason = unknown_sign_reason(slack, scope);
    }
    for (auto& [name, q] : sides.quantities)
      for (const auto& [exact_name, exact_q] : exact.quantities)
        if (exact_name == name) q = narrowed_to_exact(q, exact_q, "the quantity '" + name + "'");
  } catch (const NoExactForm& e) {
    return kExactUndecided + e.what();
  } catch (const OutsideDomain& e) {
    // Some claim has no value at this case: none is decided (the engine makes the case INCONCLUSIVE).
    for (std::size_t i : open) verdicts[i] = Verdict::Inconclusive;
    return kUndefined + e.what();
  }

  bool attained = false;
  for (std::size_t k = 0; k < open.size(); ++k) {
    const std::size_t i = open[k];
    if (signs[k] != ExactSign::Unknown) {
      verdicts[i] = classify_exact(signs[k], sides.claims[i].relation);
      narrow(slacks[i], signs[k]);
    }
    attained = attained || signs[k] == ExactSign::Zero;
  }
  if (!reason.empty()) return kExactUndecided + reason;
  return attained ? kBoundAttained : kExactlyDecided;
}

}  // namespace nb
