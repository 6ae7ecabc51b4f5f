#pragma once
// The suite of softmax-logit cases shared by the theorems whose input is (logits, T).
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// The shape parts logit_cases and the suites built on it take (TheoremInfo::shapes).
inline const SuiteShapes kLogitCaseShapes{.L = true, .T = true};

// Case i: numbers "logits" (a vector of length L) and "T" (a temperature literal). Shapes cycle
// through LogitShape by i; L is 2..8 for even i (where the equality cases live) and log-uniform in
// [2, max_L] for odd i. Case 0 is always logits (0, 0) at T = 1, the paper's Cor. 3 witness.
// Provenance records the generator, shape, seed and index. At a requested shape (L, T), case 0 is
// the ties (0, ..., 0) of that length at that temperature.
std::vector<Case> logit_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L);

}  // namespace nb::random
