#pragma once
// The suite of sparsemax-jacobian: logits z, a direction v and a step eps > 0, drawn so that the
// equality cases of ||J v|| <= ||v|| and ||sparsemax(z + eps v) - sparsemax(z)|| <= eps ||v||
// (v inside the support with zero sum there, a step that keeps the support) are met often.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case i: numbers "logits" and "direction" (vectors of length L) and "epsilon" (a literal > 0).
// L log-uniform in [2, 32] (case 0: 2; a requested shape sets L), z Gaussian with a scale 2^k, k
// uniform in [-3, 3]; by i % 4: "tangent" (v = e_a - e_b for two entries of the support, found in
// binary64, and eps a power of 2 below a quarter of the smallest positive weight, so that the
// support is kept: equality), "gaussian" (v Gaussian, eps in {1/1000, 1/10, 1, 10}: the support
// may change), "spread" (one logit 16 scales above the rest, |S| = 1 and J = 0, v Gaussian),
// "ties" (z = 0, v = e_a - e_b: equality at p = 1/L). Case 0 is z = (0, 0), v = (1, -1),
// eps = 1/4. Labels read "<shape> L=<L> eps=<eps>".
std::vector<Case> sparsemax_step_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
