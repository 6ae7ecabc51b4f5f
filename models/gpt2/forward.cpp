#include "models/gpt2/forward.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "models/gpt2/head_attention.hpp"
#include "models/gpt2/matrix_products.hpp"
#include "models/gpt2/row_blocks.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

using Index = Eigen::Index;
template <class T>
using ConstRef = Eigen::Ref<const Matrix<T>>;

// 0, 1, ..., count - 1.
std::vector<int> every_index(int count) {
  std::vector<int> indices(static_cast<std::size_t>(count));
  std::iota(indices.begin(), indices.end(), 0);
  return indices;
}

template <class T>
Matrix<T> layer_norm(ConstRef<T> x, const LayerNormWeights<T>& w, T epsilon) {
  Matrix<T> y(x.rows(), x.cols());
  for (Index t = 0; t < x.rows(); ++t) {
    const auto centered = (x.row(t).array() - x.row(t).mean()).eval();
    const T variance = centered.square().mean();  // biased, as GPT-2
    y.row(t) = (centered / std::sqrt(variance + epsilon)) * w.weight.array() + w.bias.array();
  }
  return y;
}

template <class T>
void gelu_new(Eigen::Ref<Matrix<T>> x) {
  constexpr T kSqrt2OverPi = std::numbers::sqrt2_v<T> * std::numbers::inv_sqrtpi_v<T>;
  auto a = x.array();
  a = T(0.5) * a * (T(1) + (kSqrt2OverPi * (a + T(0.044715) * a * a * a)).tanh());
}

// Reports layer `layer`'s attention side for input x to the hooks, for the heads `heads`
// (ascending), whose results stay in their work space `state` (index = head). Only the columns
// of c_attn these heads read are computed, and their attention only `with_attention`.
template <class T>
void attend_heads(const Gpt2Model<T>& model, int layer, const Matrix<T>& x, const std::vector<int>& heads,
                  bool with_attention, std::vector<HeadState<T>>& state, ForwardHooks<T>& hooks) {
  const auto& config = model.config;
  const auto& block = loaded_block(model, layer, "forward pass");
  const T epsilon = static_cast<T>(config.layer_norm_epsilon);
  hooks.layer_input(layer, x);

  Matrix<T> ln_1(x.rows(), x.cols());
  for_each_row_block(x.rows(), [&](Index first, Index count) {
    ln_1.middleRows(first, count) = layer_norm<T>(x.middleRows(first, count), block.ln_1, epsilon);
  });
  hooks.ln_1_output(layer, ln_1);
  const int d = config.head_dim();
  std::vector<ColumnRange> columns;
  for (int h : heads) {
    for (const auto projection : {Projection::query, Projection::key, Projection::value})
      columns.push_back({head_column(config, projection, h), d});
  }
  const Matrix<T> qkv = affine_columns<T>(ln_1, block.c_attn, columns);

#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < heads.size(); ++i) {
    const int h = heads[i];
    auto& head = state[static_cast<std::size_t>(h)];
    head.q = qkv.middleCols(head_column(config, Projection::query, h), d);
    head.k = qkv.middleCols(head_column(config, Projection::key, h), d);
    head.v = qkv.middleCols(head_column(config, Projection::value, h), d);
    if (with_attention) head.attend();
  }
  for (int h : heads) {
    const auto& head = state[static_cast<std::size_t>(h)];
    hooks.head({layer, h, head.q, head.k, head.v, head.logits, head.attention});
  }
}

// Reports layer `layer`'s attention side for input x to the hooks and returns the concatenated
// head outputs attention_h * v_h [T, n_embd] (the input of c_proj). `state` (n_head of them) is
// the work space of the heads.
template <class T>
Matrix<T> attention_layer(const Gpt2Model<T>& model, int layer, const Matrix<T>& x, std::vector<HeadState<T>>& state,
                          ForwardHooks<T>& hooks) {
  const auto& config = model.config;
  const std::vector<int> heads = every_index(config.n_head);
  attend_heads(model, layer, x, heads, true, state, hooks);
  const int d = config.head_dim();
  Matrix<T> output(x.rows(), x.cols());
  for (int h : heads) output.middleCols(h * d, d) = state[static_cast<std::size_t>(h)].output;
  return output;
}

// The rest of a block after attention: x += c_proj(z); x += mlp_c_proj(gelu_new(mlp_c_fc(ln_2(x)))).
template <class T>
void finish_block(const Gpt2Model<T>& model, int layer, const Matrix<T>& z, Matrix<T>& x) {
  const auto& block = loaded_block(model, layer, "forward pass");
  const T epsilon = static_cast<T>(model.config.layer_norm_epsilon);
  x += affine<T>(z, *block.c_proj);
  Matrix<T> ln_2(x.rows(), x.cols());
  for_each_row_block(x.rows(), [&](Index first, Index count) {
    ln_2.middleRows(first, count) = layer_norm<T>(x.middleRows(first, count), *block.ln_2, epsilon);
  });
  Matrix<T> hidden = affine<T>(ln_2, *block.mlp_c_fc);
  for_each_row_block(hidden.rows(), [&](Index first, Index count) { gelu_new<T>(hidden.middleRows(first, count)); });
  x += affine<T>(hidden, *block.mlp_c_proj);
}

// Refuses a model that holds only what the positions path needs.
template <class T>
void require_fully_loaded(const Gpt2Model<T>& model, const std::string& purpose) {
  if (model.attention_inputs_only) {
    throw UsageError(purpose + ": the model of " + model.source +
                     " was loaded for the positions path only (load_positions_model); load it with load_model");
  }
}

// Names of the tensors that complete layers 0..n_complete-1 beyond their attention inputs.
std::vector<std::string> rest_of_layers(int n_complete) {
  std::vector<std::string> names;
  for (int l = 0; l < n_complete; ++l) {
    const auto block = block_tensor_names(l, BlockPart::rest);
    names.insert(names.end(), block.begin(), block.end());
  }
  return names;
}

// Runs layers 0..n_layers-1 on the residual stream x, reporting their hooks; every layer but the
// last is completed (its output feeds the next); the last too if `complete_last`.
template <class T>
void run_layers(const Gpt2Model<T>& model, Matrix<T>& x, int n_layers, bool complete_last, ForwardHooks<T>& hooks) {
  std::vector<HeadState<T>> state(static_cast<std::size_t>(model.config.n_head));
  for (int l = 0; l < n_layers; ++l) {
    const Matrix<T> z = attention_layer(model, l, x, state, hooks);
    if (l + 1 < n_layers || complete_last) finish_block(model, l, z, x);
  }
}

}  // namespace

template <class T>
Matrix<T> forward_tokens(const Gpt2Model<T>& model, std::span<const int> token_ids, ForwardHooks<T>& hooks) {
  require_fully_loaded(model, "forward pass");
  const auto& config = model.config;
  std::vector<std::string> needed{"wte.weight"};
  const auto rest = rest_of_layers(config.n_layer);
  needed.insert(needed.end(), rest.begin(), rest.end());
  needed.insert(needed.end(), {"ln_f.weight", "ln_f.bias"});
  require_tensors(model.missing, needed, model.source, "a forward pass on token ids");

  const auto length = static_cast<Index>(token_ids.size());
  if (length == 0) throw InputError("forward pass: the token sequence is empty");
  if (length > config.n_positions) {
    throw InputError("forward pass: " + std::to_string(length) + " tokens exceed the model's context of " +
                     std::to_string(config.n_positions));
  }
  Matrix<T> x(length, config.n_embd);
  for (Index t = 0; t < length; ++t) {
    const int id = token_ids[static_cast<std::size_t>(t)];
    if (id < 0 || id >= config.vocab_size) {
      throw InputError("forward pass: token id " + std::to_string(id) + " at position " + std::to_string(t) +
                       " is outside the vocabulary [0, " + std::to_string(config.vocab_size) + ")");
    }
    x.row(t) = model.wte->row(id) + model.wpe.row(t);
  }
  run_layers(model, x, config.n_layer, true, hooks);
  Matrix<T> output(x.rows(), x.cols());
  const T epsilon = static_cast<T>(config.layer_norm_epsilon);
  for_each_row_block(x.rows(), [&](Index first, Index count) {
    output.middleRows(first, count) = layer_norm<T>(x.middleRows(first, count), *model.ln_f, epsilon);
  });
  hooks.final_output(output);
  return output;
}

template <class T>
void forward_hidden(const Gpt2Model<T>& model, const Matrix<T>& input, int n_layers, ForwardHooks<T>& hooks) {
  require_fully_loaded(model, "forward pass");
  const auto& config = model.config;
  if (n_layers < 1 || n_layers > config.n_layer) {
    throw UsageError("forward pass: " + std::to_string(n_layers) + " layers requested, the model has " +
                     std::to_string(config.n_layer));
  }
  if (input.rows() == 0 || input.cols() != config.n_embd) {
    throw UsageError("forward pass: input is " + std::to_string(input.rows()) + " x " + std::to_string(input.cols()) +
                     ", expected T >= 1 rows of width n_embd = " + std::to_string(config.n_embd));
  }
  require_tensors(model.missing, rest_of_layers(n_layers - 1), model.source,
                  "a forward pass through " + std::to_string(n_layers) + " layers");
  Matrix<T> x = input;
  run_layers(model, x, n_layers, false, hooks);
}

template <class T>
void forward_positions(const Gpt2Model<T>& model, int n_positions, const HeadSelection& selection,
                       ForwardHooks<T>& hooks) {
  const auto& config = model.config;
  if (n_positions < 1 || n_positions > config.n_positions) {
    throw UsageError("positions path: " + std::to_string(n_positions) + " positions requested, the model has " +
                     std::to_string(config.n_positions));
  }
  for (int h : selection.heads) {
    if (h < 0 || h >= config.n_head) {
      throw UsageError("positions path: head " + std::to_string(h) + " requested, the model has " +
                       std::to_string(config.n_head));
    }
  }
  for (int l : selection.layers) loaded_block(model, l, "positions path");
  const Matrix<T> positions = model.wpe.topRows(n_positions);
  const std::vector<int> heads(selection.heads.begin(), selection.heads.end());
  std::vector<HeadState<T>> state(static_cast<std::size_t>(config.n_head));
  for (int l : selection.layers) attend_heads(model, l, positions, heads, selection.attention, state, hooks);
}

template <class T>
void forward_positions(const Gpt2Model<T>& model, int n_positions, ForwardHooks<T>& hooks) {
  const HeadSelection every_head(every_index(model.config.n_layer), every_index(model.config.n_head));
  forward_positions(model, n_positions, every_head, hooks);
}

template Matrix<float> forward_tokens<float>(const Gpt2Model<float>&, std::span<const int>, ForwardHooks<float>&);
template Matrix<double> forward_tokens<double>(const Gpt2Model<double>&, std::span<const int>, ForwardHooks<double>&);
template void forward_hidden<float>(const Gpt2Model<float>&, const Matrix<float>&, int, ForwardHooks<float>&);
template void forward_hidden<double>(const Gpt2Model<double>&, const Matrix<double>&, int, ForwardHooks<double>&);
template void forward_positions<float>(const Gpt2Model<float>&, int, const HeadSelection&, ForwardHooks<float>&);
template void forward_positions<double>(const Gpt2Model<double>&, int, const HeadSelection&, ForwardHooks<double>&);
template void forward_positions<float>(const Gpt2Model<float>&, int, ForwardHooks<float>&);
template void forward_positions<double>(const Gpt2Model<double>&, int, ForwardHooks<double>&);

}  // namespace nb::gpt2
