#pragma once
// The suite of softmax's Lipschitz bound: two logit vectors of one length and a temperature.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case i: numbers "logits1", "logits2" (L in 2..8 when i / 4 is even, log-uniform in [2, 4096]
// when odd; logits1 from the shared logit shapes) and "T"; families by i % 4:
//   swap      Section 2.3's example: l1 = (c + eps, c, r), l2 = (c - eps, c + eps, r), c an integer
//             in [-8, 8], eps = 2^k, k in [-30, 4], the rest r moved below c;
//   jitter    l2 = l1 + a Gaussian step of scale 2^k, k in [-30, 4];
//   edge      l2 = l1 + delta (e_a - e_b), delta = 2^k, k in [-30, 4] (the Lipschitz-extremal
//             direction when l1 ties a and b);
//   vertices  l2 = l1, then 2^k, k in [1, 10], added to l1 at a and to l2 at b (the sqrt 2 cap).
// A requested shape sets L and T.
std::vector<Case> logit_pair_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
