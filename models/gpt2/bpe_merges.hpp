#pragma once
// The merge loop of byte-pair encoding, shared by the tokenizers: adjacent parts of a word are
// joined by rank (0 = the first merge learned) until no adjacent pair has one.
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nb::gpt2 {

// Which pair is merged next when several have ranks.
enum class MergeOrder {
  // OpenAI's encoder.py (GPT-2): every occurrence of the lowest rank, left to right, before any
  // pair those merges make.
  whole_rank,
  // Hugging Face tokenizers' BPE (and sentencepiece's highest score first): the lowest
  // (rank, position) pair, one at a time; a pair a merge makes competes at once.
  one_pair,
};

// The rank of merging `left` with `right`, or std::nullopt if they do not merge.
using MergeRank = std::function<std::optional<int>(const std::string& left, const std::string& right)>;

// `parts` after merging. Costs O(n log n) merges-rank lookups for n parts (a heap of waiting
// pairs): a word of 128 k parts takes well under a second.
std::vector<std::string> merge_parts(std::vector<std::string> parts, const MergeRank& rank, MergeOrder order);

}  // namespace nb::gpt2
