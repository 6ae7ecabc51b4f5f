#pragma once
// The suite of Corollary 1's weight bounds: a query, its keys and a temperature.
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// Case i: numbers "query" (a vector of length d), "keys" (an L x d matrix) and "T" (a temperature
// literal), at a scale log-uniform in [2^-4, 2]; families by i % 4: Gaussian query and keys, keys
// on a sphere, a zero query (every weight 1/L: the bounds' equality case), keys that are multiples
// of the query (logits at +-||q|| ||k_i|| up to rounding). L log-uniform in [1, 4096], d
// log-uniform in [1, 64]; a requested shape sets L, d and T.
std::vector<Case> key_query_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
