#pragma once
// The Llama-family forward pass (Hugging Face LlamaModel / MistralModel), in scalar T (float: the
// model's precision; double: a reference without float rounding), its products on OpenBLAS as in
// the GPT-2 pass (gpt2::affine, gpt2::HeadState), reporting to the same gpt2::ForwardHooks so that
// whatever observes a GPT-2 pass observes this one. Per layer, read from the checkpoint when the
// pass reaches it:
//   h = RMSNorm(x) (x / sqrt(mean(x^2) + rms_norm_eps) * weight); q, k, v = projections of h;
//   rotary embeddings (rotary.hpp) on q and k; per query head, causal softmax(q k^T / sqrt(d)) v
//   with the key/value head of its group (grouped-query attention); x += o_proj(heads);
//   x += down_proj(silu(gate_proj(RMSNorm(x))) * up_proj(RMSNorm(x))).
// Bitwise the same for any thread count (fixed blocks, as the GPT-2 pass).
#include <span>

#include "models/gpt2/forward_hooks.hpp"
#include "models/llama/model.hpp"

namespace nb::llama {

// Runs layers 0..n_layers-1 on `token_ids` (x = embed_tokens[id]) and calls the hooks: per
// layer, layer_input (the residual stream), ln_1_output (input_layernorm's output), then head for
// every query head h with q = its rotated queries, k = the rotated keys and v = the values of
// key/value head h / group_size, logits (q.k / sqrt(d), -inf above the diagonal) and attention.
// When n_layers is the model's depth, returns model.norm applied to the last layer's output and
// calls final_output with it; otherwise returns the residual stream after layer n_layers - 1.
// Throws nb::InputError if token_ids is empty, longer than max_position_embeddings (or a
// Mistral sliding_window, whose mask this pass does not apply), or holds an id outside
// [0, vocab_size), and as load_layer for a layer's weights; nb::UsageError if n_layers is outside
// [1, num_hidden_layers].
template <class T>
Matrix<T> forward_tokens(const LlamaModel<T>& model, std::span<const int> token_ids, int n_layers,
                         gpt2::ForwardHooks<T>& hooks);

// The same through every layer.
template <class T>
Matrix<T> forward_tokens(const LlamaModel<T>& model, std::span<const int> token_ids, gpt2::ForwardHooks<T>& hooks);

}  // namespace nb::llama
