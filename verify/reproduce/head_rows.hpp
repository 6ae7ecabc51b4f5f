#pragma once
// What every experiment takes from a head: the query rows it averages over, each row as a theorem
// case of exact numbers (so that a statement's own evaluation gives the experiment's numbers and
// its certified verdict alike), and a replayable random stream per row.
#include <cstdint>
#include <string>
#include <vector>

#include "models/random/random_inputs.hpp"
#include "verify/reproduce/attention_heads.hpp"
#include "verify/engine/case.hpp"

namespace nb::reproduce {

// The query rows t (each with t + 1 keys) of the first `L` positions that `rows` names ("all" or
// K evenly spaced, ending at L - 1; sources::select_rows), keeping those with more than `min_keys` keys.
std::vector<int> sweep_rows(const std::string& rows, int L, int min_keys);

// Row t of `head` as a case: "logits" = raw_logits(t, 0..t), "T" = head.T and, when the head has
// vectors, "vectors" = its rows 0..t; label and provenance name window, layer, head and row.
// `theorem` is the case's theorem id.
Case head_row_case(const AttentionHead& head, int t, const std::string& theorem);

// The scaled logits l_s = raw_logits(t, s) / T, s <= t: the arguments of the model's softmax.
std::vector<double> scaled_logits(const AttentionHead& head, int t);

// G = X X^T of the head's vectors (rows x_i), through the model library's OpenBLAS products (fixed
// tiles: the same bits for any thread count).
DoubleMatrix vector_gram(const AttentionHead& head);

// The random stream of (experiment, window, layer, head, row, draw): replayable from the seed alone.
random::Rng row_rng(std::uint64_t seed, const std::string& experiment, const AttentionHead& head, int t,
                    std::size_t draw = 0);

}  // namespace nb::reproduce
