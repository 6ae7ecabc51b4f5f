#pragma once
// The suite of separability-upper-envelope-expectation (Theorem 2's upper envelope in expectation
// over tokens i.i.d. uniform on a sphere): the weights' logits and T, the sphere's radius and
// dimension, N, and how many configurations a case draws (samples) from which seed (sample_seed).
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case 0: the high-dimensional family where the envelope fails, d = 192, L = 16, N = 15, tied
// logits (alpha = 1/16 exactly), 4000 draws (E[D] is near 0.013, and the interval must be
// narrower than that). Other cases: L in [3, 16], N uniform in [2, L - 1], d log-uniform in
// [1, 16], random logit shapes and temperatures, 600 draws. Radius 2^-2 .. 2^3 (N_s and the
// envelope do not depend on it). Numbers "logits", "T", "radius"; integers "N", "dimension",
// "samples", "sample_seed" (drawn from (seed, theorem_id, i), below 2^63).
std::vector<Case> sphere_expectation_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
