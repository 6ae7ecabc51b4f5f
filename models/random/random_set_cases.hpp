#pragma once
// The suites of the random-subset Theorem 1 statements (Corollary 2(ii) and Theorem 1 with I_N
// uniform over the N-subsets), which theorem files choose by name ([suite] generator): token
// cases (models/random/vector_cases.hpp) at the lengths where their expectations are enumerated,
// and some where they are sampled.
#include <cstddef>
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// N = L (every token selected): L log-uniform in [2, 1024], vector families cycled, d log-uniform
// in [1, 64] ([1, 16] when L > 256).
std::vector<Case> full_selection_cases(const SuiteRequest& request, std::string_view theorem_id);

// E[d~] over a random N-subset. Cases i % 10 == 9: Gaussian vectors, tied (i % 20 == 9) or
// near-tied logits, L in [24, 32], N in [7, L/2], d in [1, 4] (C(L, N) > 200000: sampled), with an
// integer sample_seed where `sample_seeds`. Others: L in [2, 12], N = selection_size(L), d
// log-uniform in [1, 16], vector families cycled.
std::vector<Case> random_set_cases(const SuiteRequest& request, std::string_view theorem_id, bool sample_seeds);

// The rate bound's suite, by i % 10: 0 and 5, one non-zero vector (its equality for every L, N);
// 1, an antipodal pair at L = 2, N = 1; 9, sampled: Gaussian vectors, near-tied logits, L in
// [24, 40], N in [7, L/2], d in [1, 4] (an integer sample_seed where `sample_seeds`); otherwise
// vector families cycled. Enumerated cases have L in [2, 12], N = selection_size(L), d
// log-uniform in [1, 16].
std::vector<Case> random_rate_cases(const SuiteRequest& request, std::string_view theorem_id, bool sample_seeds);

// Every selection size at once (no N): L in [2, 10], d log-uniform in [1, 16], vector families
// cycled.
std::vector<Case> every_size_cases(const SuiteRequest& request, std::string_view theorem_id);

}  // namespace nb::random
