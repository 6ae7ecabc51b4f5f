#include "verify/prove/counterexample.hpp"

#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/search/case_shrinker.hpp"

namespace nb::prove {

formula::TheoremSpec spec_of_claims(const formula::TheoremSpec& spec, const std::vector<std::size_t>& claims) {
  if (claims.empty()) return spec;
  formula::TheoremSpec only = spec;
  only.claims.clear();
  for (std::size_t k : claims) only.claims.push_back(spec.claims.at(k));
  return only;
}

CaseOutcome engine_outcome(const Theorem& theorem, const Case& c, bool exact) {
  CheckSettings settings;
  if (!exact) settings.exact.units = 0;
  return evaluate_cases(theorem, {c}, settings).at(0);
}

std::optional<Case> certified_counterexample(const Theorem& theorem, const Case& c, const Region& region,
                                             std::size_t max_attempts, CaseOutcome& outcome) {
  const auto violated = [&](const Case& candidate, CaseOutcome* kept) {
    if (!case_in_box(candidate, region, region.box)) return false;
    try {
      theorem.check_assumptions(candidate);
      CaseOutcome o = engine_outcome(theorem, candidate, true);
      if (o.verdict != Verdict::Violated) return false;
      if (kept) *kept = std::move(o);
      return true;
    } catch (const InputError&) {  // a candidate outside the assumptions
      return false;
    }
  };
  if (!violated(c, &outcome)) return std::nullopt;
  Case shrunk = search::shrink_case(c, [&](const Case& x) { return violated(x, nullptr); }, max_attempts).shrunk;
  violated(shrunk, &outcome);
  return shrunk;
}

}  // namespace nb::prove
