#pragma once
// The quantities of Theorem 2 (geometric separability of the top-N tokens), shared by the
// separability-* theorems. Everything is computed from the exact inputs:
//   M = max_i ||x_i||_2 and delta = min_{i != j} ||x_i - x_j||_2 (over all L tokens), so that
//   ||x_j|| <= M and <x_j, x_k> = (||x_j||^2 + ||x_k||^2 - ||x_j - x_k||^2)/2 <= M^2 - delta^2/2,
// which is what the paper's sphere S^{d-1}(M) with separation >= delta gives (vectors normalized
// in binary64 are on that sphere only up to rounding, so its radius is not used). For the top-N
// set I, y_j = alpha_j x_j, s = sum_{j in I} y_j and, for k in I, o_k = s - y_k,
//   dist_k = ||s - y_k||_2 = ||o_k||_2 = ||sum_{j in I\k} alpha_j x_j||_2,
//   xi_k^2 = M^2 A_k^2 - (delta^2/2) (A_k^2 - Q_k),  A_k = sum_{j in I\k} alpha_j,  Q_k = sum_{j in I\k} alpha_j^2,
// so dist_k^2 = sum_j alpha_j^2 ||x_j||^2 + sum_{j != l} alpha_j alpha_l <x_j, x_l> <= xi_k^2
// (alpha >= 0; A_k^2 - Q_k = sum_{j != l in I\k} alpha_j alpha_l). The radius
// r = min_{i not in I} ||s - y_i||_2 (the paper's experiments) unless given, and N_s as eq. (10):
//   N_s = #{k in I : dist_k < r} * 1{no i not in I has ||s - y_i|| < r};
// the count alone is N_in. The second factor is 1 for the paper's r (the minimum of those
// distances); a larger given r can put a left-out token into the ball B_r(s), and then N_s = 0.
// The distances, and whether token k is nearer to s than every token left out (with the paper's
// r), come from verify/kernels/distances_to_weighted_sum.hpp, from the rows of I and the diagonal
// of the Gram matrix: given them, a configuration costs O(L N) operations in R.
#include <cstddef>
#include <optional>
#include <vector>

#include "verify/kernels/distances_to_weighted_sum.hpp"
#include "verify/kernels/gram_matrix.hpp"
#include "verify/kernels/indicator.hpp"
#include "verify/kernels/pair_distances.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::theorems {

template <class R>
struct SeparabilityTerms {
  R M, delta, r;
  std::vector<R> dist, xi;  // per token of I, in increasing index order
  R inside;                 // N_in = #{k in I : dist_k < r}; for Interval an enclosure ([k, k + u] if u
                            // comparisons are undecided)
  R separated;              // N_s of eq. (10): N_in, or 0 if a token left out lies in B_r(s)
  R premise_tokens;         // #{k in I : r < xi_k}, the tokens the upper envelope speaks about
  R envelope;               // (1/N) sum_{k in I} exp(-max(xi_k - r, 0)^2 / (2 M^2))
  R lowest_term;            // min_{k in I} of the envelope's terms
};

// For weights `alpha`, the rows x_i of `vectors` and the rows I.selected of their Gram matrix with
// its diagonal (enclosures for interval types). Requires L >= 2, I non-empty, and I.rest
// non-empty unless `given_r` is set. `given_delta`, when set, is taken as delta instead of
// computing it from `vectors` (O(L^2 d)): a sweep over the rows of a head knows it from one pass.
template <class R>
SeparabilityTerms<R> separability_terms(const Vector<R>& alpha, const ExactTensor& vectors, const GramRows<R>& G,
                                        const Selection& I, const std::optional<R>& given_r,
                                        const std::optional<R>& given_delta = std::nullopt) {
  using std::exp;
  using std::sqrt;
  const std::size_t L = vectors.rows(), N = I.selected.size();
  const auto a = [&](std::size_t j) -> const R& { return alpha[static_cast<Eigen::Index>(j)]; };
  // <x_m, x_m>.
  const auto norm_squared = [&](std::size_t m) -> const R& { return G.diagonal[static_cast<Eigen::Index>(m)]; };
  const auto root = [](const R& square) { return sqrt(max_of(square, R(0))); };

  SeparabilityTerms<R> t;
  R largest_square = norm_squared(0);
  for (std::size_t i = 1; i < L; ++i) largest_square = max_of(largest_square, norm_squared(i));
  t.M = root(largest_square);
  t.delta = given_delta ? *given_delta : min_pairwise_distance<R>(vectors);
  const DistancesToWeightedSum<R> distance(alpha, G, I.selected);

  // A_k and Q_k as prefix + suffix sums, exactly 0 at N = 1.
  std::vector<R> suffix_weight(N + 1, R(0)), suffix_square(N + 1, R(0));
  for (std::size_t p = N; p-- > 0;) {
    suffix_weight[p] = suffix_weight[p + 1] + a(I.selected[p]);
    suffix_square[p] = suffix_square[p + 1] + a(I.selected[p]) * a(I.selected[p]);
  }
  R prefix_weight = R(0), prefix_square = R(0);
  const R half_delta_squared = t.delta * t.delta / R(2);
  for (std::size_t p = 0; p < N; ++p) {
    const std::size_t k = I.selected[p];
    t.dist.push_back(distance.of_selected(p));
    const R A = prefix_weight + suffix_weight[p + 1], Q = prefix_square + suffix_square[p + 1];
    t.xi.push_back(root(t.M * t.M * A * A - half_delta_squared * (A * A - Q)));
    prefix_weight += a(k);
    prefix_square += a(k) * a(k);
  }

  R left_out_outside = R(1);  // eq. (10)'s second factor, 1 by construction for the paper's r
  if (given_r) {
    t.r = *given_r;
    for (std::size_t i : I.rest) left_out_outside *= R(1) - indicator_less(distance.of_left_out(i), t.r);
  } else {
    t.r = distance.of_left_out(I.rest[0]);
    for (std::size_t i : I.rest) t.r = min_of(t.r, distance.of_left_out(i));
  }

  t.inside = R(0);
  t.premise_tokens = R(0);
  R envelope_sum = R(0);
  const R two_M_squared = R(2) * t.M * t.M;
  for (std::size_t p = 0; p < N; ++p) {
    t.inside += given_r ? indicator_less(t.dist[p], t.r) : distance.nearer_than_every(p, I.rest);
    t.premise_tokens += indicator_less(t.r, t.xi[p]);
    const R excess = max_of(t.xi[p] - t.r, R(0));
    const R term = exp(-(excess * excess) / two_M_squared);
    envelope_sum += term;
    t.lowest_term = p == 0 ? term : min_of(t.lowest_term, term);
  }
  t.separated = t.inside * left_out_outside;
  t.envelope = envelope_sum / R(N);
  return t;
}

}  // namespace nb::theorems
