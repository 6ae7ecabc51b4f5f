#pragma once
// The quantities of Theorem 1 (distance between the top-N aggregate and the other tokens) and of
// Corollary 2, shared by the topn-distance-* theorems. Notation: y_i = alpha_i x_i (rows of
// TokenInput::y), I a set of N selected tokens, s_I = sum_{j in I} y_j,
//   d~(I) = sum_{i not in I} ||y_i - s_I||_2         (reading (a), cumulative),
//   d^(I) = ||sum_{i not in I} y_i - s_I||_2         (reading (b), norm of the sum).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "models/random/random_inputs.hpp"
#include "verify/engine/token_inputs.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/kernels/pair_distances.hpp"
#include "verify/kernels/row_sums.hpp"
#include "verify/engine/sides.hpp"
#include "verify/kernels/statistics.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::theorems {

// d~(I) = sum_{i not in I} ||y_i - s_I||_2 (exactly 0 when I holds every token).
template <class R>
R cumulative_distance(const RowMatrix<R>& y, const Selection& I) {
  const RowVector<R> s = sum_of_rows(y, I.selected);
  R total = R(0);
  for (std::size_t i : I.rest) total += euclidean_norm(y.row(static_cast<Eigen::Index>(i)) - s);
  return total;
}

// Theorem 1 for a fixed set I (the top-N set in the paper): the distances of both readings, the
// quantities of the bounds, and the bounds
//   d~ <= (1 - a) d_1 + ((L - N) a - (1 - a)) d_2,   d^ <= (1 - a) d_1 + |1 - 2a| d_2,
// with a = sum_{j in I} alpha_j, d_1 = max_{i not in I, j in I} ||x_i - x_j||_2 (0 when I holds
// every token) and d_2 = max_{j in I} ||x_j||_2. 1 - a is evaluated as sum_{i not in I} alpha_i,
// the same exact number (the weights sum to 1), so that it is exactly 0 at N = L.
template <class R>
struct FixedSetTerms {
  R selected_weight, rest_weight, d1, d2;
  R cumulative, norm_of_sum;              // d~ and d^
  R cumulative_bound, norm_of_sum_bound;  // their bounds
};

template <class R>
FixedSetTerms<R> fixed_set_terms(const TokenInput<R>& in, const ExactTensor& vectors, const Selection& I) {
  using std::abs;
  FixedSetTerms<R> t;
  t.selected_weight = R(0);
  t.rest_weight = R(0);
  for (std::size_t j : I.selected) t.selected_weight += in.alpha[static_cast<Eigen::Index>(j)];
  for (std::size_t i : I.rest) t.rest_weight += in.alpha[static_cast<Eigen::Index>(i)];
  t.d1 = I.rest.empty() ? R(0) : max_cross_distance<R>(vectors, I.rest, I.selected);
  t.d2 = euclidean_norm(in.x.row(static_cast<Eigen::Index>(I.selected[0])));
  for (std::size_t j : I.selected) t.d2 = max_of(t.d2, euclidean_norm(in.x.row(static_cast<Eigen::Index>(j))));
  t.cumulative = cumulative_distance(in.y, I);
  t.norm_of_sum = euclidean_norm(RowVector<R>(sum_of_rows(in.y, I.rest) - sum_of_rows(in.y, I.selected)));
  const R left_out = R(I.rest.size());
  t.cumulative_bound = t.rest_weight * t.d1 + (left_out * t.selected_weight - t.rest_weight) * t.d2;
  t.norm_of_sum_bound = t.rest_weight * t.d1 + abs(t.rest_weight - t.selected_weight) * t.d2;
  return t;
}

// Theorem 1 for a uniformly random N-subset I of L >= 2 tokens, weights fixed. For token i, s_I
// given i not in I is the sum S_i of N of the other L - 1 vectors drawn without replacement, with
// E[S_i] = N mu_i, mu_i = (1/(L-1)) sum_{j != i} y_j. The main sum replaces S_i by its mean:
//   M = ((L - N)/L) sum_i ||y_i - N mu_i||_2,
// and the Jensen gap eps = E[d~] - M obeys 0 <= eps <= ((L - N)/L) sum_i sqrt(tr Cov S_i) with
//   tr Cov S_i = N (L-1-N)/(L-1) S_i^2,  S_i^2 = (1/(L-2)) sum_{j != i} ||y_j - mu_i||_2^2
// (variance of a sum drawn without replacement). M = 0 exactly at N = L.
template <class R>
R random_set_main_sum(const RowMatrix<R>& y, std::size_t N) {
  const std::size_t L = static_cast<std::size_t>(y.rows());
  const RowVector<R> total = sum_of_all_rows(y);
  const R scale = R(N) / R(L - 1);
  R sum = R(0);
  for (Eigen::Index i = 0; i < y.rows(); ++i) {
    const RowVector<R> others = total - y.row(i);
    sum += euclidean_norm(y.row(i) - others * scale);
  }
  return R(L - N) / R(L) * sum;
}

}  // namespace nb::theorems
