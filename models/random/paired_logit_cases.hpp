#pragma once
// The softmax logit suite with paired logits: every distinct logit taken an even number of times,
// where ||J||_{inf->1} of the softmax Jacobian attains 1/T (a sign vector s with s^T alpha = 0).
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// logit_cases(request, theorem_id, max_L) with case i % 8 == 3 replaced by paired logits: L/2
// distinct Gaussian values (L/2 uniform in [1, 3], sigma 2), each taken twice, in random order,
// at a temperature of temperature_literal, drawn from (seed, theorem_id + "/paired", i). Labels
// of those read "paired L=<L> T=<T>".
std::vector<Case> paired_logit_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L);

}  // namespace nb::random
