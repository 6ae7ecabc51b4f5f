#pragma once
// The input of a reproduction: attention heads, one at a time, from a model run on windows of
// text or positions, from recorded attention dumps, or from a seeded random GPT-2-shaped model.
// Each head arrives as its full causal logit matrix and, when the source has them, the token
// vectors x_i, so that every experiment sees one head at a time and memory stays at one head.
#include <functional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "models/sources/load_source.hpp"

namespace nb::reproduce {

using DoubleMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One attention head on one window of L tokens.
struct AttentionHead {
  int window = 0, layer = 0, head = 0;
  // raw_logits(t, s) = q_t . k_s in binary64 for s <= t (float32 q, k converted exactly; the
  // dump's qk_dot as recorded); entries above the diagonal are unused.
  DoubleMatrix raw_logits;
  // The model's divisor of q.k, a binary64 value: the attention row t is softmax(raw_logits.row(t)[0..t] / T).
  double T = 1;
  // Row i = x_i (what --vectors names), L x d; empty (0 x 0) when the source has no vectors.
  DoubleMatrix vectors;
  int length() const { return static_cast<int>(raw_logits.rows()); }
  // How many heads the source visits in all, this one included (0 when not known ahead): for a
  // progress line's estimate of the time left.
  std::size_t total_heads = 0;
};

// What the command line asks for: the source fields of SourceRequest (spec, text, layers, heads,
// max_tokens, vectors), the number of text windows and the seed of random-gpt2.
struct HeadRequest {
  sources::SourceRequest source;
  int windows = 1;         // gpt2:DIR only: consecutive windows of max_tokens tokens
  std::uint64_t seed = 0;  // random-gpt2 weights
};

// What a source can give, known before any head is produced.
struct HeadSourceInfo {
  std::string kind;         // "gpt2", "gpt2-positions", "attention-dump", "random-gpt2"
  std::string description;  // one line for outputs
  bool has_vectors = false; // false for attention dumps: only logits
  // Why this input is not the paper's (GPT-2 on running text), "" when it is: the claims name it.
  std::string stand_in;
  std::vector<std::string> input_files;
};

// Whether `spec` names the seeded random model (random-gpt2 or random-gpt2:SHAPE), which reads no file.
bool is_random_gpt2(const std::string& spec);

// Whether `spec` runs a model on text (gpt2:DIR or hf:DIR), which --text and --windows feed.
bool takes_text(const std::string& spec);

// Reads the source's description without running the model (errors of the spec and the files'
// presence surface here). Throws UsageError for a malformed spec or options, InputError for bad data.
HeadSourceInfo describe_heads(const HeadRequest& request);

// Calls visit(head) for every selected (window, layer, head), in that order. Throws as
// describe_heads, and InputError from the model files.
void for_each_head(const HeadRequest& request, const std::function<void(const AttentionHead&)>& visit);

}  // namespace nb::reproduce
