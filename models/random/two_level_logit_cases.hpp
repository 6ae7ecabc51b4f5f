#pragma once
// The softmax logit suite with two-level cases: the equality cases of bounds on the top weight.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// logit_cases(request, theorem_id, 64) with case i % 4 == 3 replaced by one logit g (an integer in
// [1, 8]) above L - 1 zeros, L log-uniform in [2, 64] (a requested shape sets L and T).
std::vector<Case> two_level_logit_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
