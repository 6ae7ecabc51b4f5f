#include "verify/reproduce/verdict_flips.hpp"

#include "verify/reproduce/certified_findings.hpp"

namespace nb::reproduce {
namespace {

bool decided(ClaimVerdict v) { return v != ClaimVerdict::NotTestable && v != ClaimVerdict::NotApplicable; }

const Claim* namesake(const Reproduction& r, const std::string& experiment, const std::string& claim) {
  for (const TimedOutcome& e : r.experiments)
    if (e.outcome.id == experiment)
      for (const Claim& c : e.outcome.claims)
        if (c.id == claim) return &c;
  return nullptr;
}

}  // namespace

std::size_t mark_flips(Reproduction& r, const Reproduction& other, const std::string& label,
                       const std::string& other_label) {
  std::size_t marked = 0;
  for (TimedOutcome& e : r.experiments)
    for (Claim& c : e.outcome.claims) {
      const Claim* o = namesake(other, e.outcome.id, c.id);
      // A certified finding is a fact about its own rows: another run's rows do not make it uncertain.
      if (!o || o->verdict == c.verdict || c.verdict == ClaimVerdict::Fragile || !decided(c.verdict) ||
          !decided(o->verdict) || is_certified_finding(c))
        continue;
      c.basis = "differs between runs: " + label + " " + claim_verdict_text(c.verdict) + " (" + c.measured + "), " +
                other_label + " " + claim_verdict_text(o->verdict) + " (" + o->measured + ")" +
                (c.basis.empty() ? "" : "; " + label + ": " + c.basis);
      c.verdict = ClaimVerdict::Fragile;
      ++marked;
    }
  return marked;
}

}  // namespace nb::reproduce
