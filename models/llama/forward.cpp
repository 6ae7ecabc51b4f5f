#include "models/llama/forward.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "models/gpt2/head_attention.hpp"
#include "models/gpt2/matrix_products.hpp"
#include "models/gpt2/row_blocks.hpp"
#include "models/llama/rotary.hpp"
#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

using Index = Eigen::Index;

// RMSNorm of every row of x, as Hugging Face's LlamaRMSNorm: x * (1 / sqrt(mean(x^2) + eps)) * weight.
template <class T>
Matrix<T> rms_norm(const Matrix<T>& x, const RowVector<T>& weight, T epsilon) {
  Matrix<T> y(x.rows(), x.cols());
  gpt2::for_each_row_block(x.rows(), [&](Index first, Index count) {
    for (Index t = first; t < first + count; ++t) {
      const T inverse = T(1) / std::sqrt(x.row(t).array().square().mean() + epsilon);
      y.row(t) = weight.array() * (x.row(t).array() * inverse);
    }
  });
  return y;
}

// silu(gate) * up, in place in gate; silu(g) = g / (1 + exp(-g)).
template <class T>
void swiglu(Matrix<T>& gate, const Matrix<T>& up) {
  gpt2::for_each_row_block(gate.rows(), [&](Index first, Index count) {
    auto g = gate.middleRows(first, count).array();
    g = g / (T(1) + (-g).exp()) * up.middleRows(first, count).array();
  });
}

template <class T>
void check_tokens(const LlamaModel<T>& model, std::span<const int> token_ids) {
  const auto& c = model.config;
  const auto length = static_cast<Index>(token_ids.size());
  if (length == 0) throw InputError("forward pass: the token sequence is empty");
  if (length > c.max_position_embeddings)
    throw InputError("forward pass: " + std::to_string(length) + " tokens exceed the model's context of " +
                     std::to_string(c.max_position_embeddings) + " (max_position_embeddings)");
  if (c.sliding_window && length > *c.sliding_window)
    throw InputError("forward pass: " + std::to_string(length) + " tokens exceed sliding_window = " +
                     std::to_string(*c.sliding_window) + " of " + model.source +
                     ", whose mask normbound does not apply; use at most that many tokens");
  for (Index t = 0; t < length; ++t) {
    const int id = token_ids[static_cast<std::size_t>(t)];
    if (id < 0 || id >= c.vocab_size)
      throw InputError("forward pass: token id " + std::to_string(id) + " at position " + std::to_string(t) +
                       " is outside the vocabulary [0, " + std::to_string(c.vocab_size) + ")");
  }
}

// One layer's attention: reports it to the hooks and returns o_proj of the concatenated heads.
template <class T>
Matrix<T> attention(const LlamaModel<T>& model, int layer, const LayerWeights<T>& w, const Matrix<T>& h,
                    const RotaryTable<T>& rotary, std::vector<gpt2::HeadState<T>>& state, gpt2::ForwardHooks<T>& hooks) {
  const auto& c = model.config;
  const int d = c.head_dim;
  Matrix<T> q = gpt2::affine<T>(h, w.q_proj), k = gpt2::affine<T>(h, w.k_proj);
  const Matrix<T> v = gpt2::affine<T>(h, w.v_proj);
#pragma omp parallel for schedule(static)
  for (int head = 0; head < c.num_attention_heads + c.num_key_value_heads; ++head) {
    if (head < c.num_attention_heads) rotate<T>(q.middleCols(head * d, d), rotary);
    else rotate<T>(k.middleCols((head - c.num_attention_heads) * d, d), rotary);
  }
#pragma omp parallel for schedule(static)
  for (int head = 0; head < c.num_attention_heads; ++head) {
    auto& s = state[static_cast<std::size_t>(head)];
    const int group = head / c.group_size();
    s.q = q.middleCols(head * d, d);
    s.k = k.middleCols(group * d, d);
    s.v = v.middleCols(group * d, d);
    s.attend();
  }
  Matrix<T> heads(h.rows(), static_cast<Index>(c.num_attention_heads) * d);
  for (int head = 0; head < c.num_attention_heads; ++head) {
    const auto& s = state[static_cast<std::size_t>(head)];
    hooks.head({layer, head, s.q, s.k, s.v, s.logits, s.attention});
    heads.middleCols(head * d, d) = s.output;
  }
  return gpt2::affine<T>(heads, w.o_proj);
}

}  // namespace

template <class T>
Matrix<T> forward_tokens(const LlamaModel<T>& model, std::span<const int> token_ids, int n_layers,
                         gpt2::ForwardHooks<T>& hooks) {
  const auto& c = model.config;
  if (n_layers < 1 || n_layers > c.num_hidden_layers)
    throw UsageError("forward pass: " + std::to_string(n_layers) + " layers requested, the model has " +
                     std::to_string(c.num_hidden_layers));
  check_tokens(model, token_ids);
  const auto length = static_cast<Index>(token_ids.size());
  Matrix<T> x(length, c.hidden_size);
  for (Index t = 0; t < length; ++t) x.row(t) = model.embed_tokens.row(token_ids[static_cast<std::size_t>(t)]);
  const auto rotary = rotary_table<T>(static_cast<int>(length), c.head_dim, c.rope_theta);
  const T epsilon = static_cast<T>(c.rms_norm_eps);
  std::vector<gpt2::HeadState<T>> state(static_cast<std::size_t>(c.num_attention_heads));
  for (int layer = 0; layer < n_layers; ++layer) {
    const LayerWeights<T> w = load_layer(model, layer);
    hooks.layer_input(layer, x);
    const Matrix<T> h = rms_norm(x, w.input_layernorm, epsilon);
    hooks.ln_1_output(layer, h);
    x += attention(model, layer, w, h, rotary, state, hooks);
    const Matrix<T> h2 = rms_norm(x, w.post_attention_layernorm, epsilon);
    Matrix<T> gate = gpt2::affine<T>(h2, w.gate_proj);
    swiglu(gate, gpt2::affine<T>(h2, w.up_proj));
    x += gpt2::affine<T>(gate, w.down_proj);
  }
  if (n_layers < c.num_hidden_layers) return x;
  Matrix<T> output = rms_norm(x, model.norm, epsilon);
  hooks.final_output(output);
  return output;
}

template <class T>
Matrix<T> forward_tokens(const LlamaModel<T>& model, std::span<const int> token_ids, gpt2::ForwardHooks<T>& hooks) {
  return forward_tokens(model, token_ids, model.config.num_hidden_layers, hooks);
}

template Matrix<float> forward_tokens<float>(const LlamaModel<float>&, std::span<const int>, int, gpt2::ForwardHooks<float>&);
template Matrix<double> forward_tokens<double>(const LlamaModel<double>&, std::span<const int>, int, gpt2::ForwardHooks<double>&);
template Matrix<float> forward_tokens<float>(const LlamaModel<float>&, std::span<const int>, gpt2::ForwardHooks<float>&);
template Matrix<double> forward_tokens<double>(const LlamaModel<double>&, std::span<const int>, gpt2::ForwardHooks<double>&);

}  // namespace nb::llama
