#pragma once
// The suite of multihead-coverage (Section 4): a separation probability p, a number of heads H, and
// a stated coverage or a target coverage q for which H is the minimal number of heads.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Cases 0-2 are the paper's: p = 0.8 with H = 2 and "coverage" 0.96; H = 3, coverage 0.992; H = 3
// minimal for "target" q = 0.99. Case 3: p = 1/2, q = 3/4, H = 2, where (1 - p)^H = 1 - q exactly.
// Then, from (seed, theorem_id, i), p = n/d with d in [2, 20], n in [1, d - 1], q = a/b with b in
// [2, 1000], a in [1, b - 1], and H the minimal one, found exactly in integers (H <= 135 since
// p >= 1/20 and q <= 999/1000). Numbers "p" and "coverage" or "target", integer "H".
std::vector<Case> coverage_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
