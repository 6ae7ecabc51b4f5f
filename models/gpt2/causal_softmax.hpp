#pragma once
// The causal softmax of GPT-2 attention: query t attends to keys 0..t only.
#include <limits>

#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

// Sets every entry of the square matrix `logits` above the diagonal (key s > query t) to -inf,
// the value the causal mask gives it. Guarantees: entries with s <= t are unchanged.
template <class T>
void apply_causal_mask(Matrix<T>& logits) {
  for (Eigen::Index t = 0; t + 1 < logits.rows(); ++t) {
    logits.row(t).tail(logits.cols() - t - 1).setConstant(-std::numeric_limits<T>::infinity());
  }
}

// Causal attention weights from the square matrix `logits` (row t = query t), written to
// `weights` (resized; its storage is reused when the size is unchanged). Guarantees: row t is
// softmax(logits(t, 0..t)) = exp(l_s - max) / sum_{s'<=t} exp(l_s' - max) for s <= t, computed
// in T with the maximum subtracted (no overflow for finite logits), and exactly 0 for s > t;
// entries of `logits` above the diagonal are never read.
template <class T>
void causal_softmax(const Matrix<T>& logits, Matrix<T>& weights) {
  weights.resize(logits.rows(), logits.cols());
  for (Eigen::Index t = 0; t < logits.rows(); ++t) {
    const auto visible = logits.row(t).head(t + 1).array();
    auto row = weights.row(t).head(t + 1).array();
    row = (visible - visible.maxCoeff()).exp();
    row /= row.sum();
    weights.row(t).tail(weights.cols() - t - 1).setZero();
  }
}

// The same, returned as a new matrix.
template <class T>
Matrix<T> causal_softmax(const Matrix<T>& logits) {
  Matrix<T> weights;
  causal_softmax(logits, weights);
  return weights;
}

}  // namespace nb::gpt2
