#pragma once
// Rotary position embeddings in Hugging Face's rotate_half convention (LlamaForCausalLM): inside
// a head of width d, component i pairs with component i + d/2, and the pair at position t turns
// by the angle t * theta^(-2i/d):
//   x'[i] = x[i] cos a_i - x[i + d/2] sin a_i,   x'[i + d/2] = x[i + d/2] cos a_i + x[i] sin a_i.
#include <cmath>

#include <Eigen/Core>

#include "models/gpt2/model.hpp"

namespace nb::llama {

// cos and sin of every (position, frequency) angle, [positions, d/2].
template <class T>
struct RotaryTable {
  gpt2::Matrix<T> cos, sin;
};

// The angles are computed in binary64 (inverse frequency 1 / theta^(2i/d), times the position)
// and their cos and sin rounded once to T; Hugging Face computes the frequencies and angles in
// float32, about 1e-6 relative away at the positions of a few hundred tokens.
template <class T>
RotaryTable<T> rotary_table(int positions, int head_dim, double theta) {
  const int half = head_dim / 2;
  RotaryTable<T> table{gpt2::Matrix<T>(positions, half), gpt2::Matrix<T>(positions, half)};
  for (int i = 0; i < half; ++i) {
    const double inverse_frequency = 1.0 / std::pow(theta, static_cast<double>(2 * i) / head_dim);
    for (int t = 0; t < positions; ++t) {
      const double angle = static_cast<double>(t) * inverse_frequency;
      table.cos(t, i) = static_cast<T>(std::cos(angle));
      table.sin(t, i) = static_cast<T>(std::sin(angle));
    }
  }
  return table;
}

// Rotates every row of the head `x` [positions, d] (row t at position t) in place.
template <class T>
void rotate(Eigen::Ref<gpt2::Matrix<T>> x, const RotaryTable<T>& table) {
  const Eigen::Index half = x.cols() / 2;
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    for (Eigen::Index i = 0; i < half; ++i) {
      const T a = x(t, i), b = x(t, i + half), c = table.cos(t, i), s = table.sin(t, i);
      x(t, i) = a * c - b * s;
      x(t, i + half) = b * c + a * s;
    }
  }
}

}  // namespace nb::llama
