#pragma once
// The suite of self-attention-global-lipschitz: one-dimensional tokens scaled by powers of 2
// against a would-be Lipschitz constant C, so that each sweep crosses from cases that hold to
// certified counterexamples.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Sweeps of twelve cases: case i is sweep i / 12 at c = 2^(i % 12), numbers "tokens" (x = c u with
// u_1 = 0 and u_2..u_N standard Gaussian, N uniform in [2, 8], both drawn per sweep from (seed,
// theorem_id + "/sweep", sweep)) and "C" (1, 100, 10^4, 10^6, cycled by sweep). Labels read
// "N=<N> c=2^<k> C=<C>".
std::vector<Case> scaled_token_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
