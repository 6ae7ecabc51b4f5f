#pragma once
// The suite of finite-difference cases (Section 3.3 of arXiv 2508.17821, Algorithm 5) shared by
// the sensitivity theorems.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "models/random/logit_cases.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case i: the logits of logit_cases(request, theorem_id, max_L) with the inputs of Algorithm 5:
// "epsilon" one of the literals 0.001, 0.1, 10 (the paper's grid); "T" one of the literals 0.01,
// 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100 (replacing logit_cases' temperature);
// "direction" a non-zero vector, not normalized, by i % 3: Gaussian, e_a - e_b for a random pair,
// e_a - e_b for the two largest logits (ties broken by index). Case 0 is l = (0, 0), v = (1, -1), eps = 0.001, T = 0.01,
// where g = sqrt(2) (sigma(sqrt(2) eps / T) - 1/2) / eps = 49.9 (the setting of Section 3.3, Algorithm 5).
// Labels read "<shape> L=<L> v=<kind> eps=<eps> T=<T>". A requested T (kLogitCaseShapes) replaces
// the grid's.
std::vector<Case> finite_difference_cases(const SuiteRequest& request, std::string_view theorem_id,
                                          std::size_t max_L);

}  // namespace nb::random
