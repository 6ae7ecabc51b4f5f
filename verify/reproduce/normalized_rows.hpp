#pragma once
// What an experiment changes when it runs with another attention normalizer than the paper's
// softmax (verify/kernels/attention_normalizer.hpp): the names of its outputs, and a row's weights.
// The random streams stay those of the softmax run (common random numbers: the normalizers differ
// by their weights, not by their draws).
#include <string>

#include "verify/engine/token_inputs.hpp"
#include "verify/engine/case.hpp"
#include "verify/kernels/attention_normalizer.hpp"

namespace nb::reproduce {

// "fig2a" for softmax, "fig2a-sparsemax" for sparsemax: ids, file stems and figure names.
std::string normalized_id(const std::string& id, kernels::AttentionNormalizer n);

// "" for softmax, " [sparsemax]" for sparsemax: appended to titles.
std::string normalized_title(kernels::AttentionNormalizer n);

// "; weights: <definition>, binary64" for a normalizer other than softmax, else "": appended to
// methods. Sparsemax and 1.5-entmax sort and sum at most L terms, sigmoid and ssmax are softmax's
// operations; none is verified (their rows are not checked in certified arithmetic).
std::string normalized_method(kernels::AttentionNormalizer n);

// The row case's token input (logits, T, vectors) with the normalizer's weights; softmax's is
// theorems::token_input's, bit for bit.
theorems::TokenInput<double> normalized_token_input(const Case& row, kernels::AttentionNormalizer n);

}  // namespace nb::reproduce
