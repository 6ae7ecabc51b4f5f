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
#include <vector>

#include "models/random/random_inputs.hpp"
#include "theorems/equal_tokens.hpp"
#include "theorems/sampling_seed.hpp"
#include "theorems/token_inputs.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/kernels/gram_matrix.hpp"
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

// The assumptions of both fixed-set readings, for TheoremInfo.
inline std::vector<std::string> fixed_set_assumptions() {
  return {"T > 0", "1 <= N <= L", "x_1..x_L in R^d, d >= 1",
          "I_N: the N largest weights (equal logits: smaller index first)"};
}

// The quantities both fixed-set readings print beside their claim.
template <class R>
void add_fixed_set_quantities(Sides<R>& s, const FixedSetTerms<R>& t) {
  s.quantity("alpha-bar_N", t.selected_weight);
  s.quantity("d_1", t.d1);
  s.quantity("d_2", t.d2);
}

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

// The cap on eps above. S_i is deterministic when N >= L - 1 (all other tokens, or none left
// out), so the cap is then exactly 0; this also avoids S_i^2's division by L - 2 = 0 at L = 2.
// S_i^2 is summed term by term (O(L^2 d)) rather than as sum ||y_j||^2 - (L-1) ||mu_i||^2: the
// cancellation of that shortcut leaves a width that the square root magnifies (2^-p becomes
// 2^-p/2), so equal vectors, where the cap and eps are both 0, could never be decided.
template <class R>
R random_set_jensen_cap(const RowMatrix<R>& y, std::size_t N) {
  using std::sqrt;
  const std::size_t L = static_cast<std::size_t>(y.rows());
  if (N + 1 >= L) return R(0);
  const RowVector<R> total = sum_of_all_rows(y);
  const R variance_factor = R(N) * R(L - 1 - N) / R(L - 1);
  R sum = R(0);
  for (Eigen::Index i = 0; i < y.rows(); ++i) {
    const RowVector<R> mu = (total - y.row(i)) / R(L - 1);
    R spread = R(0);
    for (Eigen::Index j = 0; j < y.rows(); ++j)
      if (j != i) spread += RowVector<R>(y.row(j) - mu).squaredNorm();
    sum += sqrt(max_of(variance_factor * spread / R(L - 2), R(0)));
  }
  return R(L - N) / R(L) * sum;
}

// E[d~] over all C(L, N) subsets: exact up to the arithmetic of R. The subsets are evaluated
// once per choice of how many tokens they take from each class of equal tokens
// (theorems/equal_tokens.hpp), taken[c] from class c with y_c its tokens' common row:
//   s = sum_c taken[c] y_c,  d~ = sum_c (size[c] - taken[c]) ||y_c - s||,
// weighted by the number of subsets making that choice. With singleton classes these are the
// operations of evaluating every subset's d~ one by one, in the same order.
template <class R>
R expected_distance_by_enumeration(const RowMatrix<R>& y, const EqualTokenClasses& classes, std::size_t N) {
  const std::size_t L = static_cast<std::size_t>(y.rows());
  const auto row = [&](std::size_t c) { return y.row(static_cast<Eigen::Index>(classes.first[c])); };
  const auto times = [](std::size_t k, const R& v) { return k == 1 ? v : R(k) * v; };
  R total = R(0);
  for_each_class_count(classes, N, [&](const std::vector<std::size_t>& taken) {
    RowVector<R> s = RowVector<R>::Zero(y.cols());
    for (std::size_t c = 0; c < taken.size(); ++c)
      if (taken[c] == 1) s += row(c);
      else if (taken[c] > 1) s += RowVector<R>(row(c) * R(taken[c]));
    R distance = R(0);
    for (std::size_t c = 0; c < taken.size(); ++c)
      if (classes.size[c] > taken[c]) distance += times(classes.size[c] - taken[c], euclidean_norm(row(c) - s));
    total += times(subsets_of_choice(classes, taken), distance);
  });
  return total / R(binomial(L, N));
}

// sum of the k entries of `values` with the largest upper ends. For Interval its upper end bounds
// the sum of any k of the exact values (each is at most its upper end).
template <class R>
R sum_of_largest(const std::vector<R>& values, std::size_t k) {
  std::vector<std::size_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return upper_end_of(values[a]) > upper_end_of(values[b]); });
  R sum = R(0);
  for (std::size_t m = 0; m < k; ++m) sum += values[order[m]];
  return sum;
}

// The sampled estimate below works from Y = the Gram matrix of the y_i, <y_i, y_j> =
// alpha_i alpha_j G_ij (G that of the x_i), so that a distance costs O(N) operations instead of
// O(d), and the Jensen cap O(L^2) instead of O(L^2 d):
//   ||y_i - s_I||^2 = Y_ii - 2 sum_{j in I} Y_ij + sum_{j,k in I} Y_jk.
// These differences cancel when y_i is close to s_I, leaving enclosures about sqrt(2^-p) wide
// where the term-by-term forms above give 2^-p; that decides nothing in a statistical claim, whose
// confidence interval is far wider, so only the sampled estimate uses them.
template <class R>
Matrix<R> weighted_gram(const Vector<R>& alpha, const Matrix<R>& G) {
  Matrix<R> Y(G.rows(), G.cols());
  for (Eigen::Index i = 0; i < G.rows(); ++i)
    for (Eigen::Index j = 0; j < G.cols(); ++j) Y(i, j) = alpha[i] * alpha[j] * G(i, j);
  return Y;
}

// d~(I) from Y (see weighted_gram).
template <class R>
R cumulative_distance_from_gram(const Matrix<R>& Y, const Selection& I) {
  using std::sqrt;
  const auto to_s = [&](std::size_t i) {  // <y_i, s_I>
    R sum = R(0);
    for (std::size_t j : I.selected) sum += Y(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
    return sum;
  };
  R s_squared = R(0);
  for (std::size_t j : I.selected) s_squared += to_s(j);
  R total = R(0);
  for (std::size_t i : I.rest) {
    const auto e = static_cast<Eigen::Index>(i);
    total += sqrt(max_of(Y(e, e) - R(2) * to_s(i) + s_squared, R(0)));
  }
  return total;
}

// random_set_jensen_cap from Y (see weighted_gram): with t_i = sum_j Y_ij, ||T||^2 = sum_i t_i
// (T = sum_i y_i) and tr Y = sum_i ||y_i||^2,
//   (L-2) S_i^2 = sum_{j != i} ||y_j||^2 - ||T - y_i||^2 / (L-1),  ||T - y_i||^2 = ||T||^2 - 2 t_i + Y_ii.
template <class R>
R random_set_jensen_cap_from_gram(const Matrix<R>& Y, std::size_t N) {
  using std::sqrt;
  const std::size_t L = static_cast<std::size_t>(Y.rows());
  if (N + 1 >= L) return R(0);
  std::vector<R> t(L, R(0));
  R T_squared = R(0), trace = R(0);
  for (Eigen::Index i = 0; i < Y.rows(); ++i) {
    for (Eigen::Index j = 0; j < Y.cols(); ++j) t[static_cast<std::size_t>(i)] += Y(i, j);
    T_squared += t[static_cast<std::size_t>(i)];
    trace += Y(i, i);
  }
  const R variance_factor = R(N) * R(L - 1 - N) / R(L - 1);
  R sum = R(0);
  for (Eigen::Index i = 0; i < Y.rows(); ++i) {
    const R others_squared = T_squared - R(2) * t[static_cast<std::size_t>(i)] + Y(i, i);
    const R spread = trace - Y(i, i) - others_squared / R(L - 1);
    sum += sqrt(max_of(variance_factor * spread / R(L - 2), R(0)));
  }
  return R(L - N) / R(L) * sum;
}

// E[d~] estimated from `samples` uniformly random N-subsets drawn with `seed`, Y as in
// weighted_gram: for Interval a confidence interval at level `confidence`
// (verify/kernels/statistics.hpp), for points the sample mean. Every sample lies in [0, w] with
// w = A_{L-N} + (L - N) A_N, A_k the sum of the k largest ||y_i||: d~ <= sum_{i not in I} ||y_i||
// + (L - N) ||s_I|| and ||s_I|| <= sum_{j in I} ||y_j||.
template <class R>
R expected_distance_by_sampling(const Matrix<R>& Y, std::size_t N, std::size_t samples, std::uint64_t seed,
                                double confidence) {
  using std::sqrt;
  const std::size_t L = static_cast<std::size_t>(Y.rows());
  std::vector<R> norms;
  for (Eigen::Index i = 0; i < Y.rows(); ++i) norms.push_back(sqrt(max_of(Y(i, i), R(0))));
  const R width = sum_of_largest(norms, L - N) + R(L - N) * sum_of_largest(norms, N);
  random::Rng rng(seed);
  std::vector<R> values;
  values.reserve(samples);
  for (std::size_t k = 0; k < samples; ++k)
    values.push_back(cumulative_distance_from_gram(Y, random_selection(rng, L, N)));
  return mean_confidence_interval(values, width, confidence);
}

// How the random-set statements compute E[d~]: over all C(L, N) subsets when there are at most
// kMaxEnumeratedSubsets (certified claims), otherwise from kDefaultSampledSubsets random subsets
// (integer "samples" of the case if it has one, at most kMaxSampledSubsets, a limit on what a case
// file may ask for) as a confidence interval (statistical claims).
inline constexpr std::uint64_t kMaxEnumeratedSubsets = 200000;
inline constexpr std::int64_t kDefaultSampledSubsets = 4000;
inline constexpr std::int64_t kMaxSampledSubsets = 100000;
// Why the random-subset theorems are not drawn at longer rows in a regime (TheoremInfo::shapes).
inline constexpr const char* kSampledSubsetsCost =
    "beyond C(L, N) > 200000 it samples 4000 subsets, about L N operations each, and again twice as many while "
    "the statistical verdict is undecided (some 12 s a case at L = 1024)";

// Throws InputError unless the case's optional integer "samples" is in [2, kMaxSampledSubsets].
inline void check_sampled_subsets(const Case& c) {
  if (!c.integers.contains("samples")) return;
  if (c.integer("samples") < 2) throw InputError("samples must be >= 2");
  if (c.integer("samples") > kMaxSampledSubsets)
    throw InputError("samples = " + std::to_string(c.integer("samples")) + " is beyond the limit of " +
                     std::to_string(kMaxSampledSubsets) + " sampled subsets");
}

// The assumptions and the reads of the random-set statements, for TheoremInfo.
inline std::vector<std::string> random_set_assumptions() {
  return {"T > 0", "L >= 2, 1 <= N <= L", "I uniform over the N-subsets; weights fixed",
          "E[d~] exact by enumeration when C(L, N) <= 200000, else a confidence interval"};
}
inline CaseNames random_set_reads() {
  return {.numbers = {"logits", "T", "vectors"}, .integers = {"N", "samples", "sample_seed"}};
}

template <class R>
struct RandomSetExpectation {
  R value;            // E[d~], or its confidence interval
  Evidence evidence;  // Certified when enumerated, Statistical when sampled
  Matrix<R> gram;     // the sampled path's Y (weighted_gram); empty when enumerated
};

// E[d~] for a uniformly random N-subset of the case's tokens, weights fixed, by enumeration or by
// sampling as above (seed: theorems/sampling_seed.hpp; the sample size doubles with the engine's
// looks, EvalContext::samples).
template <class R>
RandomSetExpectation<R> random_set_expectation(const Case& c, const TokenInput<R>& in, std::size_t N,
                                               const EvalContext& ctx) {
  const std::size_t L = static_cast<std::size_t>(in.y.rows());
  if (binomial(L, N) <= kMaxEnumeratedSubsets)
    return {expected_distance_by_enumeration(in.y, equal_token_classes(c), N), Evidence::Certified, {}};
  const std::size_t samples = ctx.samples(
      static_cast<std::size_t>(c.integers.contains("samples") ? c.integer("samples") : kDefaultSampledSubsets));
  // Binary64 Gram entries with error bounds: their ~2^-50 width is nothing beside a confidence
  // interval, and they cost O(L^2 d) flops instead of operations in R.
  Matrix<R> Y = weighted_gram(in.alpha, binary64_gram_matrix<R>(c.number("vectors")));
  R value = expected_distance_by_sampling(Y, N, samples, sampling_seed(c, ctx), ctx.confidence);
  return {std::move(value), Evidence::Statistical, std::move(Y)};
}

}  // namespace nb::theorems
