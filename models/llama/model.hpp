#pragma once
// A Hugging Face Llama-family model (LlamaForCausalLM's "model." tensors): its config, its
// checkpoint, and the weights read from it: the embeddings and final norm at load, one layer at a
// time after that. Tensor layout as saved by PyTorch nn.Linear: weight [out, in], y = x W^T + b.
#include <filesystem>
#include <string>
#include <vector>

#include "models/gpt2/model.hpp"
#include "models/llama/checkpoint.hpp"
#include "models/llama/config.hpp"

namespace nb::llama {

template <class T>
using Matrix = gpt2::Matrix<T>;
template <class T>
using RowVector = gpt2::RowVector<T>;

// One decoder layer's weights. Linear layers are stored as gpt2::AffineWeights, weight [in, out]
// (the checkpoint's [out, in] transposed) and bias zero where the config has none, so the
// products are the GPT-2 pass's own (gpt2::affine).
template <class T>
struct LayerWeights {
  RowVector<T> input_layernorm, post_attention_layernorm;
  gpt2::AffineWeights<T> q_proj, k_proj, v_proj, o_proj;  // q: [hidden, heads*d]; k, v: [hidden, kv_heads*d]
  gpt2::AffineWeights<T> gate_proj, up_proj, down_proj;
};

template <class T>
struct LlamaModel {
  std::string source;  // the model directory, for messages
  LlamaConfig config;
  Checkpoint checkpoint;
  Matrix<T> embed_tokens;  // [vocab_size, hidden_size]
  RowVector<T> norm;       // model.norm.weight
};

// The checkpoint names of every tensor the forward pass reads for `config`: the embeddings, per
// layer the two norms and seven projections (and their biases where the config has them), the
// final norm. The checkpoint may hold more (lm_head.weight, rotary buffers): those are not read.
std::vector<std::string> tensor_names(const LlamaConfig& config);

// Reads `directory`/config.json, opens the checkpoint (single or sharded) and reads the embeddings
// and final norm. Throws nb::InputError naming the file and the field, value or tensor if the
// config is not one parse_config accepts or the checkpoint lacks any tensor of tensor_names (the
// first missing one named, with the count).
template <class T>
LlamaModel<T> load_model(const std::filesystem::path& directory);

// Reads layer `layer`'s weights from the checkpoint (only their bytes). Throws nb::InputError as
// Checkpoint::matrix does (shape, dtype, non-finite values), nb::UsageError if there is no such layer.
template <class T>
LayerWeights<T> load_layer(const LlamaModel<T>& model, int layer);

}  // namespace nb::llama
