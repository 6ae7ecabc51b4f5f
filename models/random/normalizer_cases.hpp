#pragma once
// The suite of (logits, kernel) cases shared by the general-normalizer theorems (Lemmas 1, 2).
#include <string_view>
#include <vector>

#include "verify/engine/case.hpp"
#include "models/random/logit_cases.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// max_i |l_i| of a vector of binary64 logits: exact, since |x| and max are.
double largest_magnitude(const ExactTensor& logits);

// logit_cases(request, theorem_id, max_L) (the same logits) with the kernel of
// verify/kernels/normalizer.hpp added to case i: kind (i / 2) % 4, so that every kind meets small and
// large L. Option "normalizer" names it; "T" stays for softmax, softplus and tanh and is removed
// for square; "c" = 2^k with k uniform in [-8, 2] (tanh); "s" = m + 2^k rounded to binary64, k
// uniform in [-8, 2], m = largest_magnitude(logits) (square). Then s > m (2^k is more than half an
// ulp of m, as m < 2^40 for these logits): the square kernel is positive and increasing on
// [-m, m], which holds every logit. Labels read "<shape> L=<L> <kernel and parameters>".
std::vector<Case> normalizer_logit_cases(const SuiteRequest& request, std::string_view theorem_id,
                                         std::size_t max_L);

// normalizer_logit_cases with a scalar "a" = largest_magnitude(logits) added to each case, the
// smallest logit range [-a, a] that holds them (Lemma 1's; on its boundary); labels end
// " a=max|l_i|". Case 0 (logits (0, 0), a = 0) is Lemma 1's equality case.
std::vector<Case> normalizer_range_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L);

}  // namespace nb::random
