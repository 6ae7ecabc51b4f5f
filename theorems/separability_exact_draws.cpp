#include "theorems/separability_exact_draws.hpp"

#include "theorems/token_inputs.hpp"
#include "verify/exact_decision.hpp"
#include "verify/gram_matrix.hpp"

namespace nb::theorems {
namespace {

bool single_value(const Interval& x) { return lower_end_of(x) == upper_end_of(x); }

}  // namespace

void ExactSeparabilityDraws::decide(SeparabilityTerms<Interval>& terms, const ExactTensor& x, const Selection& I) {
  if (given_up_ || budget_.units == 0 || single_value(terms.separated)) return;
  try {
    if (!scope_) {
      scope_.emplace(budget_);
      const auto [logits, T] = softmax_input<ExactReal>(case_);
      alpha_.emplace(softmax(logits, T));
    }
    const SeparabilityTerms<ExactReal> exact =
        separability_terms(*alpha_, x, binary64_gram_rows<ExactReal>(x, I.selected), I, std::optional<ExactReal>());
    terms.separated = narrowed_to_exact(terms.separated, exact.separated, "N_s of a draw");
    terms.inside = narrowed_to_exact(terms.inside, exact.inside, "N_in of a draw");
    terms.envelope = narrowed_to_exact(terms.envelope, exact.envelope, "the envelope of a draw");
  } catch (const NoExactForm&) {
    given_up_ = true;
  }
}

}  // namespace nb::theorems
