#pragma once
// The suite of the bounded-logits sweep: logits in [-B, B] at L = 2, 4, ..., 1024.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Sweeps of ten cases, L = 2, 4, ..., 1024 at one (B, T) drawn per sweep (B in {1/8, 1/2, 1, 2,
// 4}, T in {1/4, 1, 2, 8}); numbers "logits", "T" and "B"; by sweep % 4: one logit at B and the
// rest at -B (the upper sharp form attained), one at -B and the rest at B (the lower one attained),
// logits uniform in [-B, B], and all logits 0 with B = 0 (every form attained). A requested shape
// sets L and T.
std::vector<Case> bounded_logit_sweeps(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
