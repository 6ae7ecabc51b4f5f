#pragma once
// Softmax at temperature T and its Jacobian, written once for double, Mpfr and Interval.
#include <cstddef>

#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// alpha = softmax(logits / T), T > 0, computed as exp((l_i - m)/T) / sum_j exp((l_j - m)/T) with
// m a point near the largest logit. For points this neither overflows nor underflows to an
// all-zero vector. For Interval it is an enclosure of the exact softmax of every logit vector and
// temperature in the given enclosures; shifting in logit space before dividing by T keeps the
// largest terms exact (exp(0) = 1) however inexact T is, so tied top weights stay tight. For
// ExactReal a sum that the exact budget cannot afford gives up before it is formed.
template <class R>
Vector<R> softmax(const Vector<R>& logits, const R& T) {
  const Eigen::Index L = logits.size();
  using Point = decltype(midpoint_of(logits[0]));
  Point top = midpoint_of(logits[0]);
  for (Eigen::Index i = 1; i < L; ++i) top = max_of(top, midpoint_of(logits[i]));
  const R shift = point_of<R>(top);
  Vector<R> e(L);
  R sum = R(0);
  for (Eigen::Index i = 0; i < L; ++i) e[i] = exp((logits[i] - shift) / T);
  if constexpr (is_exact_number_v<R>) limit_generators_of_exponential_sum({e.data(), static_cast<std::size_t>(L)});
  for (Eigen::Index i = 0; i < L; ++i) sum += e[i];
  for (Eigen::Index i = 0; i < L; ++i) e[i] /= sum;
  return e;
}

// The Jacobian d alpha / d logits of softmax(logits / T) at weights alpha:
// J = (diag(alpha) - alpha alpha^T) / T. For Interval an enclosure of J for every alpha in the
// enclosure.
template <class R>
Matrix<R> softmax_jacobian(const Vector<R>& alpha, const R& T) {
  const Eigen::Index L = alpha.size();
  Matrix<R> J(L, L);
  for (Eigen::Index i = 0; i < L; ++i)
    for (Eigen::Index j = 0; j < L; ++j)
      J(i, j) = ((i == j ? alpha[i] : R(0)) - alpha[i] * alpha[j]) / T;
  return J;
}

// 1 - alpha_i for each weight, as the sum of the other weights (prefix + suffix sums), never as a
// difference: a saturated weight is 1 - e^-1000, and 1 minus it would leave only rounding error.
template <class R>
Vector<R> weights_of_the_others(const Vector<R>& alpha) {
  const Eigen::Index L = alpha.size();
  Vector<R> suffix(L + 1), others(L);
  suffix[L] = R(0);
  for (Eigen::Index i = L; i-- > 0;) suffix[i] = suffix[i + 1] + alpha[i];
  R prefix = R(0);
  for (Eigen::Index i = 0; i < L; ++i) {
    others[i] = prefix + suffix[i + 1];
    prefix += alpha[i];
  }
  return others;
}

}  // namespace nb
