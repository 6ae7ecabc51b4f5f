#pragma once
// The record of one evaluated case, as it goes into results: verdict, deciding claim, slack
// enclosure as outward-rounded decimal text, and the named quantities.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "verify/engine/sides.hpp"
#include "verify/engine/verdict.hpp"

namespace nb {

// Significant digits of recorded enclosures: about 120 bits, enough to show a 2^-100 margin; for
// enclosures from the binary64 tier 17, enough to tell any two doubles apart.
inline constexpr int kEnclosureDigits = 36;
inline constexpr int kBinary64EnclosureDigits = 17;

// An enclosure [lo, hi] as decimal text rounded outward, plus a double near its midpoint for
// sorting and plotting (never for deciding anything).
struct EnclosureText {
  std::string lo, hi;
  double approx = 0.0;
};

EnclosureText enclosure_text(const Mpfr& lo, const Mpfr& hi, int digits = kEnclosureDigits);
EnclosureText enclosure_text(const Interval& x);
EnclosureText enclosure_text(const DoubleInterval& x);
EnclosureText enclosure_text(double x);  // a point estimate: lo = hi

// The most sample doublings a statistical case may get (2^20 times its base sample size).
inline constexpr unsigned kMaxSampleDoublings = 20;

// The values of CaseOutcome::exact (decide_claims_exactly, verify/engine/exact_decision.hpp): "" when no
// exact evaluation was tried, kBoundAttained, kExactlyDecided, or kExactUndecided + a reason; or
// kUndefined + a reason when some claim has no value at the case (an operation certainly outside
// its domain, verify/numbers/outside_domain.hpp, found by any tier): the case is then INCONCLUSIVE.
inline const std::string kBoundAttained = "bound attained";
inline const std::string kExactlyDecided = "decided";
inline const std::string kExactUndecided = "undecided: ";
inline const std::string kUndefined = "undefined: ";

// Whether the case's claims are undefined there (exact starts with kUndefined).
inline bool is_undefined(const std::string& exact) { return exact.rfind(kUndefined, 0) == 0; }

// Why a case left TIGHT or INCONCLUSIVE stayed so, from its `exact` text: the reason after kExactUndecided,
// or "not tried".
std::string exact_outcome_reason(const std::string& exact);

struct CaseOutcome {
  std::size_t index = 0;  // position in the run's case list
  std::string label;
  std::size_t size = 0;   // Case::size()
  Verdict verdict = Verdict::Inconclusive;
  std::string claim;      // name of the deciding claim
  Relation relation = Relation::LessEqual;
  EnclosureText value, bound, slack, relative_slack;
  bool relative_is_absolute = false;
  unsigned precision_bits = 0;  // precision of the evaluation that decided the verdict (53: binary64 tier)
  unsigned sample_doublings = 0;  // statistical cases: the look that decided, samples x 2^this
  // What the exact evaluation of a case left TIGHT by intervals found (see above); for a REFUSED
  // case, the assumption it breaks.
  std::string exact;
  std::vector<std::pair<std::string, EnclosureText>> quantities;
  std::map<std::string, std::string> provenance;
};

// Whether the recorded slack of the deciding claim is exactly [0, 0]: the bound is attained (for
// a strict relation, that is its counterexample).
bool slack_is_exactly_zero(const CaseOutcome& o);

}  // namespace nb
