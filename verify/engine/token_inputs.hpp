#pragma once
// The (logits, T, vectors, N) input of the Theorem 1 and Theorem 2 families: weights
// alpha = softmax(logits / T), token vectors x_i (rows of "vectors") and the selection size N.
// The top-N set I_N is decided from the exact logits (verify/kernels/top_n.hpp), never from weights.
#include <cstddef>
#include <string>

#include "verify/engine/softmax_inputs.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::theorems {

// Throws InputError unless logits are a non-empty vector of length L >= min_L, T > 0, "vectors"
// is an L x d matrix with d >= 1 and, when `with_N`, 1 <= N <= L.
inline void check_token_input(const Case& c, std::size_t min_L, bool with_N) {
  check_logits_and_temperature(c);
  const std::size_t L = c.number("logits").size();
  if (L < min_L) throw InputError("needs at least " + std::to_string(min_L) + " tokens (got L = " + std::to_string(L) + ")");
  const ExactTensor& x = c.number("vectors");
  if (x.rows() != L || x.cols() == 0)
    throw InputError("vectors must be an L x d matrix with d >= 1 and L = " + std::to_string(L) + " rows (got " +
                     std::to_string(x.rows()) + " x " + std::to_string(x.cols()) + ")");
  if (with_N) {
    const std::int64_t N = c.integer("N");
    if (N < 1 || N > static_cast<std::int64_t>(L))
      throw InputError("N must satisfy 1 <= N <= L = " + std::to_string(L) + " (got " + std::to_string(N) + ")");
  }
}

template <class R>
struct TokenInput {
  Vector<R> alpha;  // softmax(logits / T)
  RowMatrix<R> x;   // row i is x_i
  RowMatrix<R> y;   // row i is alpha_i x_i
};

// The rows alpha_i x_i.
template <class R>
RowMatrix<R> weighted_rows(const Vector<R>& alpha, const RowMatrix<R>& x) {
  RowMatrix<R> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (Eigen::Index k = 0; k < x.cols(); ++k) y(i, k) = alpha[i] * x(i, k);
  return y;
}

template <class R>
TokenInput<R> token_input(const Case& c) {
  const auto [logits, T] = softmax_input<R>(c);
  TokenInput<R> in{softmax(logits, T), c.number("vectors").to_matrix<R>(), {}};
  in.y = weighted_rows(in.alpha, in.x);
  return in;
}

// I_N: the N largest weights, decided from the exact logits with ties to the smaller index.
inline Selection top_n_selection(const Case& c) {
  return top_n(c.number("logits"), static_cast<std::size_t>(c.integer("N")));
}

}  // namespace nb::theorems
