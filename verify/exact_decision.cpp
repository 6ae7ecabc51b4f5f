#include "verify/exact_decision.hpp"

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

}  // namespace

std::string decide_tight_claims(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                const ExactBudget& budget, const std::vector<Claim<Interval>>& claims,
                                std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks) {
  std::vector<std::size_t> tight;
  for (std::size_t i = 0; i < verdicts.size(); ++i)
    if (verdicts[i] == Verdict::Tight) tight.push_back(i);
  if (tight.empty() || budget.units == 0) return "";

  ExactScope scope(budget);
  std::vector<ExactSign> signs;
  std::string undecided;
  try {
    const Sides<ExactReal> exact = theorem.evaluate_exact(c, ctx);
    if (exact.claims.size() != claims.size()) return kExactUndecided + "the exact evaluation made other claims";
    for (std::size_t i : tight) {
      if (exact.claims[i].name != claims[i].name || exact.claims[i].relation != claims[i].relation)
        return kExactUndecided + "the exact evaluation made other claims";
      const ExactReal slack = slack_value(exact.claims[i]);
      signs.push_back(sign_of(slack));
      if (signs.back() == ExactSign::Unknown && undecided.empty()) undecided = unknown_sign_reason(slack, scope);
    }
  } catch (const NoExactForm& e) {
    return kExactUndecided + e.what();
  }

  bool attained = false;
  for (std::size_t k = 0; k < tight.size(); ++k) {
    const std::size_t i = tight[k];
    verdicts[i] = classify_exact(signs[k], claims[i].relation);
    narrow(slacks[i], signs[k]);
    attained = attained || signs[k] == ExactSign::Zero;
  }
  if (!undecided.empty()) return kExactUndecided + undecided;
  return attained ? kBoundAttained : kExactlyDecided;
}

}  // namespace nb
