#pragma once
// Helpers for witness tests of registered theorems: run a case through the engine, re-judge one
// claim with a deliberately weakened (scaled) bound, and evaluate in one number type.
#include <string>

#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/engine/slack.hpp"
#include "verify/engine/verdict.hpp"
#include "verify/io/errors.hpp"

namespace nb::witness {

// The engine's outcome of theorem `id` on case `c` (default settings: 128 bits, Ziv to 2048, then
// exact decisions of TIGHT claims).
inline CaseOutcome check(const std::string& id, const Case& c) {
  return evaluate_cases(*theorems::find(id), {c}, CheckSettings{}).front();
}

// check, but a case the engine REFUSES (outside the theorem's assumptions) throws InputError with
// the engine's reason, as `check --case` exits 65 with it.
inline CaseOutcome check_or_refusal(const std::string& id, const Case& c) {
  CaseOutcome o = check(id, c);
  if (o.verdict == Verdict::Refused) throw InputError(o.exact);
  return o;
}

// The verdict of claim `claim` of theorem `id` on `c`, evaluated at 256 bits with its bound
// multiplied by `factor`: a weakened bound must be caught where the claim is attained.
inline Verdict with_scaled_bound(const std::string& id, const Case& c, std::size_t claim, const Interval& factor) {
  set_working_precision(256);
  Claim<Interval> k = theorems::find(id)->evaluate_interval(c, EvalContext{}).claims.at(claim);
  k.bound = k.bound * factor;
  return classify(slack_of(k), k.relation, k.evidence, VerdictPolicy{}, 256, false);
}

// 1 - 2^e and 1 + 2^e as exact intervals.
inline Interval one_minus_2_to(int e) { return Interval(1) - Interval(ldexp(Mpfr(1), e)); }
inline Interval one_plus_2_to(int e) { return Interval(1) + Interval(ldexp(Mpfr(1), e)); }

// The quantity named `name` of an evaluation; throws std::out_of_range when there is none.
template <class R>
R quantity(const Sides<R>& s, const std::string& name) {
  for (const auto& [n, x] : s.quantities)
    if (n == name) return x;
  throw std::out_of_range("no quantity " + name);
}

// Whether the interval x contains the point y.
inline bool contains(const Interval& x, const Mpfr& y) {
  return -upper_end_of(Interval(-x)) <= y && y <= upper_end_of(x);
}

}  // namespace nb::witness
