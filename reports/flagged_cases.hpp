#pragma once
// Which cases of a theorem a report shows in full, in the order it shows them: violations first,
// then the tightest certified cases, then the undecided (and refused) ones; at most `top` of each kind beside the
// violations (whose number the results already cap).
#include <cstddef>
#include <vector>

#include "verify/results/results.hpp"

namespace nb::reports {

struct FlaggedCases {
  // Certified counterexamples with their exact inputs, as recorded (smallest input first); the
  // results embed at most a capped number of them, `violations_total` counts all.
  std::vector<const FlaggedCase*> violations;
  std::size_t violations_total = 0;
  // The first `top` VIOLATED (statistical) cases, in case order (the counts give the total).
  std::vector<const CaseOutcome*> statistical_violations;
  // The `top` NEAR-TIGHT, EQUAL (exact) and TIGHT cases of smallest relative slack midpoint (ties:
  // case order), with at most one EQUAL (exact) case: all of those are at relative slack 0, so a
  // second says nothing the first and the counts do not; `tight_total` counts all of them.
  std::vector<const CaseOutcome*> tightest;
  std::size_t tight_total = 0;
  // The first `top` INCONCLUSIVE, UNDECIDED (statistical) and REFUSED cases, in case order.
  std::vector<const CaseOutcome*> undecided;

  std::size_t undecided_total = 0;
};

// The flagged cases of `theorem`; pointers refer into `theorem`, which must outlive the result.
FlaggedCases flagged_cases(const TheoremResult& theorem, std::size_t top);

}  // namespace nb::reports
