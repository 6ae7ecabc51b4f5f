#pragma once
// The GPT-2 forward pass (pre-LayerNorm transformer, as in Hugging Face's GPT2Model), written
// plainly with Eigen in scalar T (float: the model's precision; double: a reference without
// float rounding), its matrix products on OpenBLAS (matrix_products.hpp). Work is split over
// OpenMP threads in fixed blocks of token rows, fixed tiles of the products and over heads, so
// for a given build, input and CPU (OpenBLAS picks its kernels for the CPU at run time) the
// results are bitwise identical for any thread count.
#include <span>

#include "models/gpt2/forward_hooks.hpp"
#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

// Runs the full model on `token_ids`: x = wte[id_t] + wpe[t]; per layer
// x += c_proj(attention(ln_1(x))), x += mlp_c_proj(gelu_new(mlp_c_fc(ln_2(x)))); returns ln_f(x)
// [T, n_embd]. LayerNorm uses the config's epsilon and the biased variance; attention is causal
// with logits q.k / sqrt(head_dim); gelu_new is 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
// Every hook is called for every layer and head, then final_output.
// Throws nb::InputError if the model lacks any tensor (naming them, wte.weight first), if
// token_ids is empty or longer than n_positions, or if an id is outside [0, vocab_size).
template <class T>
Matrix<T> forward_tokens(const Gpt2Model<T>& model, std::span<const int> token_ids, ForwardHooks<T>& hooks);

// Runs the pass from given layer-0 input vectors `input` [T, n_embd] (rows are tokens, already
// embedded) through layers 0..n_layers-1, calling the hooks of those layers; layer l's input is
// the output of layer l-1, so layers 0..n_layers-2 must be complete while the last layer needs
// only its attention inputs (ln_1, c_attn). final_output is not called.
// Throws nb::UsageError if n_layers is outside [1, n_layer] or input is empty or not n_embd wide;
// nb::InputError naming the missing tensors if an earlier layer is incomplete (a partial
// checkpoint supports n_layers = 1 only).
template <class T>
void forward_hidden(const Gpt2Model<T>& model, const Matrix<T>& input, int n_layers, ForwardHooks<T>& hooks);

// The content-free "positions" path: for every layer l independently, the position embeddings
// wpe[0..n_positions-1] are the layer input (no residual stream, no token embedding), pushed
// through layer l's ln_1 and c_attn; the hooks of every layer and head are called. Needs only the
// attention-input tensors, so it works on a partial checkpoint.
// Throws nb::UsageError if n_positions is outside [1, config.n_positions].
template <class T>
void forward_positions(const Gpt2Model<T>& model, int n_positions, ForwardHooks<T>& hooks);

}  // namespace nb::gpt2
