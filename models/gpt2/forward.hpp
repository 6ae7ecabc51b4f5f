#pragma once
// The GPT-2 forward pass (pre-LayerNorm transformer, as in Hugging Face's GPT2Model), written
// plainly with Eigen in scalar T (float: the model's precision; double: a reference without
// float rounding), its matrix products on OpenBLAS (matrix_products.hpp). Work is split over
// OpenMP threads in fixed blocks of token rows, fixed tiles of the products and over heads, so
// for a given build, input and CPU (OpenBLAS picks its kernels for the CPU at run time) the
// results are bitwise identical for any thread count.
#include <set>
#include <span>
#include <vector>

#include "models/gpt2/forward_hooks.hpp"
#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

// Runs the full model on `token_ids`: x = wte[id_t] + wpe[t]; per layer
// x += c_proj(attention(ln_1(x))), x += mlp_c_proj(gelu_new(mlp_c_fc(ln_2(x)))); returns ln_f(x)
// [T, n_embd]. LayerNorm uses the config's epsilon and the biased variance; attention is causal
// with logits q.k / sqrt(head_dim); gelu_new is 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
// Every hook is called for every layer and head, then final_output.
// Throws nb::InputError if the model lacks any tensor (naming them, wte.weight first), if
// token_ids is empty or longer than n_positions, or if an id is outside [0, vocab_size);
// nb::UsageError if the model was loaded by load_positions_model.
template <class T>
Matrix<T> forward_tokens(const Gpt2Model<T>& model, std::span<const int> token_ids, ForwardHooks<T>& hooks);

// Runs the pass from given layer-0 input vectors `input` [T, n_embd] (rows are tokens, already
// embedded) through layers 0..n_layers-1, calling the hooks of those layers; layer l's input is
// the output of layer l-1, so layers 0..n_layers-2 must be complete while the last layer needs
// only its attention inputs (ln_1, c_attn). final_output is not called.
// Throws nb::UsageError if n_layers is outside [1, n_layer] or input is empty or not n_embd wide;
// nb::InputError naming the missing tensors if an earlier layer is incomplete (a partial
// checkpoint supports n_layers = 1 only); nb::UsageError if the model was loaded by
// load_positions_model.
template <class T>
void forward_hidden(const Gpt2Model<T>& model, const Matrix<T>& input, int n_layers, ForwardHooks<T>& hooks);

// What the positions path computes and reports: the layers and heads (repeats count once), and
// whether the heads' logits and attention are computed too (for observers that read only q, k, v
// and the layer input they are not, and head() gets them as empty matrices).
struct HeadSelection {
  HeadSelection(const std::vector<int>& layer_list, const std::vector<int>& head_list, bool with_attention = true)
      : layers(layer_list.begin(), layer_list.end()), heads(head_list.begin(), head_list.end()),
        attention(with_attention) {}

  std::set<int> layers;
  std::set<int> heads;
  bool attention;
};

// The content-free "positions" path: for every selected layer l independently, the position
// embeddings wpe[0..n_positions-1] are the layer input (no residual stream, no token embedding),
// pushed through layer l's ln_1 and c_attn; for each selected layer, ascending, its layer_input
// and ln_1_output hooks are called, then head for its selected heads, ascending. Only the
// selected heads' columns of c_attn and their attention (if selected) are computed: what a head
// reports is bitwise the same whichever heads are selected with it. Needs only the attention-input tensors of
// the selected layers, so it works on a partial checkpoint and on load_positions_model's models.
// Throws nb::UsageError if n_positions is outside [1, config.n_positions], or if a selected layer
// was not loaded or a selected layer or head does not exist.
template <class T>
void forward_positions(const Gpt2Model<T>& model, int n_positions, const HeadSelection& selection,
                       ForwardHooks<T>& hooks);

// The positions path of every layer and head.
template <class T>
void forward_positions(const Gpt2Model<T>& model, int n_positions, ForwardHooks<T>& hooks);

}  // namespace nb::gpt2
