#pragma once
// The suite of length-scaled softmax (Scalable-Softmax): logits and a scale s, no temperature.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case i: numbers "logits" (L log-uniform in [2, 1024]) and "s" (in {1/2, 1, 2}); by i % 4: one
// logit g above L - 1 zeros (the bound's equality), Gaussian logits, one logit 0 above L - 1
// uniform in [-4, -g) (a top gap above g), all logits tied (g = 0, equality at 1/L); g in {1/4,
// 1/2, 1, 2}. A requested shape sets L (there is no T: the scale s log L takes its place).
std::vector<Case> length_scaled_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
