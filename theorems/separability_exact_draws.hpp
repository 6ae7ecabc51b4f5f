#pragma once
// Counts of sampled separability draws decided in exact arithmetic. In a draw, N_s counts the
// tokens with dist_k < r; when a distance equals r exactly (in d = 1 the sphere is the two points
// +-M, so with tied weights identical or mirrored tokens make such ties with positive
// probability), interval arithmetic leaves that comparison at [0, 1] at every precision, and a
// confidence interval over the draws stays wide however many are drawn. Such a draw is
// evaluated once more exactly (Calcium, verify/exact_real.hpp), and its N_s and envelope narrowed
// to enclosures of their exact values. Only draws whose count intervals leave open pay for it.
#include <optional>

#include "theorems/separability.hpp"
#include "verify/case.hpp"
#include "verify/exact_real.hpp"

namespace nb::theorems {

class ExactSeparabilityDraws {
 public:
  // For the draws of case `c` (its logits, T and top-N set), within `budget` for all of them
  // together (units 0: never evaluate exactly).
  ExactSeparabilityDraws(const Case& c, ExactBudget budget) : case_(c), budget_(budget) {}

  // When terms.separated (of the draw with token vectors x) is not a single count, narrows
  // terms.separated, terms.inside and terms.envelope to the enclosures of their exact values.
  // Leaves them as they are when the exact evaluation gives up (an undecidable comparison, the
  // budget), and then stops trying for later draws. The enclosures are at the calling thread's
  // working precision.
  void decide(SeparabilityTerms<Interval>& terms, const ExactTensor& x, const Selection& I);

 private:
  const Case& case_;
  ExactBudget budget_;
  bool given_up_ = false;
  // Declared before the numbers that belong to it, so that they are destroyed first.
  std::optional<ExactScope> scope_;
  std::optional<Vector<ExactReal>> alpha_;
};

}  // namespace nb::theorems
