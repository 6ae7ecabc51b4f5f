#pragma once
// The input of the deterministic Theorem 2 statements: a token input (theorems/token_inputs.hpp)
// plus an optional radius "r" > 0; without it r = min_{i not in I_N} ||s - alpha_i x_i||_2.
#include <optional>
#include <string>
#include <vector>

#include "verify/kernels/left_out_token_at_s.hpp"
#include "theorems/separability.hpp"
#include "theorems/token_inputs.hpp"
#include "verify/engine/case_names.hpp"

namespace nb::theorems {

// The assumptions of the deterministic Theorem 2 statements, for TheoremInfo.
inline std::vector<std::string> separability_assumptions() {
  return {"T > 0", "L >= 2, 1 <= N <= L (N < L unless r is given)",
          "M = max_i ||x_i||, delta = min_{i != j} ||x_i - x_j|| (exact)",
          "r = min_{i not in I_N} ||s - alpha_i x_i|| unless given (r > 0)",
          "N_s = #{i in I_N : ||s - alpha_i x_i|| < r} if no token left out has ||s - alpha_i x_i|| < r, else 0 (eq. (10))"};
}

// What the deterministic Theorem 2 statements read.
inline CaseNames separability_reads() { return {.numbers = {"logits", "T", "vectors", "r"}, .integers = {"N"}}; }

// Throws InputError unless the token input is valid with L >= 2 (delta needs a pair), r (if
// given) is a scalar > 0, and, when r is not given, N < L (r needs a token left out) and that r is
// not exactly 0 (verify/kernels/left_out_token_at_s.hpp): Theorem 2 divides by r.
inline void check_separability_input(const Case& c) {
  check_token_input(c, 2, true);
  if (c.numbers.contains("r")) {
    positive_scalar(c, "r");
    return;
  }
  if (c.integer("N") == static_cast<std::int64_t>(c.number("logits").size()))
    throw InputError("r = min over the tokens left out needs N < L (or give r)");
  if (const auto i = left_out_token_at_s(c.number("logits"), c.number("vectors"), top_n_selection(c)))
    throw InputError("r = min_{i not in I_N} ||s - alpha_i x_i|| is exactly 0: token " + std::to_string(*i) +
                     ", left out of I_N, has alpha_i x_i = s (e.g. tied logits with identical vectors); Theorem 2 "
                     "needs r > 0 (give r)");
}

// Theorem 2's quantities for the case's top-N set, with the Gram rows computed in R (their
// enclosures shrink as the engine escalates precision, so equality cases can be decided).
template <class R>
SeparabilityTerms<R> separability_terms(const Case& c) {
  const std::optional<R> r = c.numbers.contains("r") ? std::optional<R>(c.number("r").entry<R>(0)) : std::nullopt;
  const auto [logits, T] = softmax_input<R>(c);
  const ExactTensor& x = c.number("vectors");
  const Selection I = top_n_selection(c);
  return separability_terms(softmax(logits, T), x, gram_rows<R>(x, I.selected), I, r);
}

}  // namespace nb::theorems
