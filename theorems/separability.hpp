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
// With the paper's r, token k is counted iff for every i not in I
//   ||s - y_i||^2 - dist_k^2 = 2 <o_k, y_k - y_i> + ||y_k - y_i||^2 > 0,
// evaluated in this form: the two squared distances, both close to ||s||^2 when the weights of
// k and i are tiny, would cancel and leave comparisons that no working precision decides
// (weights like e^-4096 occur at T = 1/64), and that rounding decides wrongly for points.
// All inner products come from the rows of I and the diagonal of the Gram matrix G = X X^T
// (GramRows, verify/kernels/gram_matrix.hpp: O(N L d) operations, not the O(L^2 d) of all of G), so that,
// given them, a configuration costs O(L N) operations in R:
//   <o_k, x_m> = sum_{j in I\k} alpha_j G_jm,  dist_k^2 = sum_{j in I\k} alpha_j <o_k, x_j>,
//   g_m = <s, x_m> = sum_{j in I} alpha_j G_jm,  ||s - y_i||^2 = ||s||^2 - 2 alpha_i g_i + alpha_i^2 G_ii.
#include <cstddef>
#include <optional>
#include <vector>

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
  // <x_{I.selected[p]}, x_m> and <x_m, x_m>.
  const auto row = [&](std::size_t p, std::size_t m) -> const R& {
    return G.rows(static_cast<Eigen::Index>(p), static_cast<Eigen::Index>(m));
  };
  const auto norm_squared = [&](std::size_t m) -> const R& { return G.diagonal[static_cast<Eigen::Index>(m)]; };
  const auto root = [](const R& square) { return sqrt(max_of(square, R(0))); };

  SeparabilityTerms<R> t;
  R largest_square = norm_squared(0);
  for (std::size_t i = 1; i < L; ++i) largest_square = max_of(largest_square, norm_squared(i));
  t.M = root(largest_square);
  t.delta = given_delta ? *given_delta : min_pairwise_distance<R>(vectors);

  // o[p][m] = <o_k, x_m> for the token k = I.selected[p], and g[m] = <s, x_m>, as prefix + suffix
  // sums over I: no alpha_k G_km is added and then subtracted again, so that tiny weights keep
  // their relative accuracy and the sums over I \ k are exactly 0 at N = 1.
  std::vector<std::vector<R>> o(N, std::vector<R>(L));
  std::vector<R> g(L), suffix(N + 1);
  for (std::size_t m = 0; m < L; ++m) {
    suffix[N] = R(0);
    for (std::size_t p = N; p-- > 0;) suffix[p] = suffix[p + 1] + a(I.selected[p]) * row(p, m);
    R prefix = R(0);
    for (std::size_t p = 0; p < N; ++p) {
      o[p][m] = prefix + suffix[p + 1];
      prefix += a(I.selected[p]) * row(p, m);
    }
    g[m] = prefix;
  }
  R s_squared = R(0);
  for (std::size_t j : I.selected) s_squared += a(j) * g[j];

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
    R dist_squared = R(0);  // <o_k, o_k> = sum_{j in I \ k} alpha_j <o_k, x_j>
    for (std::size_t q = 0; q < N; ++q)
      if (q != p) dist_squared += a(I.selected[q]) * o[p][I.selected[q]];
    t.dist.push_back(root(dist_squared));
    const R A = prefix_weight + suffix_weight[p + 1], Q = prefix_square + suffix_square[p + 1];
    t.xi.push_back(root(t.M * t.M * A * A - half_delta_squared * (A * A - Q)));
    prefix_weight += a(k);
    prefix_square += a(k) * a(k);
  }

  const auto distance_to_s = [&](std::size_t i) { return root(s_squared - R(2) * a(i) * g[i] + a(i) * a(i) * norm_squared(i)); };
  R left_out_outside = R(1);  // eq. (10)'s second factor, 1 by construction for the paper's r
  if (given_r) {
    t.r = *given_r;
    for (std::size_t i : I.rest) left_out_outside *= R(1) - indicator_less(distance_to_s(i), t.r);
  } else {
    t.r = distance_to_s(I.rest[0]);
    for (std::size_t i : I.rest) t.r = min_of(t.r, distance_to_s(i));
  }

  t.inside = R(0);
  t.premise_tokens = R(0);
  R envelope_sum = R(0);
  const R two_M_squared = R(2) * t.M * t.M;
  for (std::size_t p = 0; p < N; ++p) {
    const std::size_t k = I.selected[p];
    R counted = R(1);
    if (given_r) {
      counted = indicator_less(t.dist[p], t.r);
    } else {
      for (std::size_t i : I.rest) {
        const R gap = R(2) * (a(k) * o[p][k] - a(i) * o[p][i]) + a(k) * a(k) * norm_squared(k) -
                      R(2) * a(k) * a(i) * row(p, i) + a(i) * a(i) * norm_squared(i);
        counted *= indicator_less(R(0), gap);
      }
    }
    t.inside += counted;
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
