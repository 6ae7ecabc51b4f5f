#pragma once
// Observation points of the GPT-2 forward pass. The pass calls these in order, from one thread:
// for each layer, layer_input, ln_1_output, then head for heads 0..n_head-1; after the last
// layer of a full pass, final_output. References are valid only during the call.
#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

// Everything one attention head computed in one layer. Shapes for T tokens and head width d:
// q, k, v [T, d]; logits and attention [T, T] with row t = query t.
template <class T>
struct HeadActivations {
  int layer;
  int head;
  const Matrix<T>& q;
  const Matrix<T>& k;
  const Matrix<T>& v;
  // Both empty when the positions path was asked not to compute them (HeadSelection::attention).
  const Matrix<T>& logits;     // q_t . k_s / sqrt(d) for s <= t; -inf above the diagonal (masked)
  const Matrix<T>& attention;  // causal softmax of logits; exactly 0 above the diagonal
};

// Base class with no-op hooks: override the ones you need. Passing a plain ForwardHooks<T>
// observes nothing.
template <class T>
class ForwardHooks {
 public:
  virtual ~ForwardHooks() = default;
  // The residual stream entering layer `layer` [T, n_embd].
  virtual void layer_input(int /*layer*/, const Matrix<T>& /*x*/) {}
  // ln_1 applied to that input [T, n_embd].
  virtual void ln_1_output(int /*layer*/, const Matrix<T>& /*x*/) {}
  virtual void head(const HeadActivations<T>& /*activations*/) {}
  // ln_f applied to the last layer's output [T, n_embd] (full passes only).
  virtual void final_output(const Matrix<T>& /*x*/) {}
};

}  // namespace nb::gpt2
