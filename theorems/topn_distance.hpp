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
#include "theorems/equal_tokens.hpp"
#include "theorems/sampling_seed.hpp"
#include "theorems/token_inputs.hpp"
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

// random_set_jensen_cap in O(L d) instead of O(L^2 d), for the sampled path: with m the mean of
// all the y_j and C = sum_j ||y_j - m||^2, the parallel-axis identity gives
//   (L-2) S_i^2 = sum_{j != i} ||y_j - mu_i||^2 = C - (L/(L-1)) ||y_i - m||^2.
// The difference cancels where one token carries most of C (there S_i^2 is small and its
// enclosure about sqrt(2^-p) wide after the square root), which is nothing beside the confidence
// interval of a sampled E[d~]; enumerated cases keep the term-by-term form.
template <class R>
R random_set_jensen_cap_by_centering(const RowMatrix<R>& y, std::size_t N) {
  using std::sqrt;
  const std::size_t L = static_cast<std::size_t>(y.rows());
  if (N + 1 >= L) return R(0);
  const RowVector<R> mean = sum_of_all_rows(y) / R(L);
  std::vector<R> spread_from_mean(L);
  R total_spread = R(0);
  for (Eigen::Index i = 0; i < y.rows(); ++i) {
    spread_from_mean[static_cast<std::size_t>(i)] = RowVector<R>(y.row(i) - mean).squaredNorm();
    total_spread += spread_from_mean[static_cast<std::size_t>(i)];
  }
  const R variance_factor = R(N) * R(L - 1 - N) / R(L - 1);
  const R own_share = R(L) / R(L - 1);
  R sum = R(0);
  for (std::size_t i = 0; i < L; ++i) {
    const R spread = total_spread - own_share * spread_from_mean[i];
    sum += sqrt(max_of(variance_factor * spread / R(L - 2), R(0)));
  }
  return R(L - N) / R(L) * sum;
}

// E[d~] = ((L-N)/L) sum_i E||y_i - S_i|| = E[(L-N) ||y_i - s_I||] for i uniform over the tokens and
// I, given i, uniform over the N-subsets of the others; equivalently (I, i) is a uniformly random
// (N+1)-subset with one of its members, uniform, left out, or a uniformly random (L-N)-subset (the
// complement of I) with one of its members, uniform, as i. Each draw sums the smaller of the two
// sets, O(min(N, L-N) d) operations (a subset's d~ costs O(L d)), s_I = sum_j y_j - (the
// complement's sum) when the complement is drawn, and the draws are i.i.d., so that a model row
// of a thousand tokens gets many more of them for the same time. Every draw lies in [0, w] with w = (L-N) A_{N+1}, A_k the sum
// of the k largest ||y_j||: ||y_i - s_I|| <= ||y_i|| + sum_{j in I} ||y_j||, N+1 distinct tokens.
// Returns a confidence interval at level `confidence` (verify/kernels/statistics.hpp) for the
// interval types, the sample mean for double.
template <class I>
I expected_distance_by_sampling(const RowMatrix<I>& y, std::size_t N, std::size_t draws, std::uint64_t seed,
                                double confidence) {
  const std::size_t L = static_cast<std::size_t>(y.rows());
  std::vector<I> norms;
  for (Eigen::Index j = 0; j < y.rows(); ++j) norms.push_back(euclidean_norm(y.row(j)));
  const I left_out = I(L - N);
  const I width = left_out * sum_of_largest(norms, N + 1);
  const bool draw_complement = L - N < N + 1;
  const std::size_t drawn_count = draw_complement ? L - N : N + 1;
  const RowVector<I> total = draw_complement ? sum_of_all_rows(y) : RowVector<I>();
  random::Rng rng(seed);
  std::vector<char> marks(L, 0);
  std::vector<std::size_t> drawn;
  std::vector<I> values;
  values.reserve(draws);
  for (std::size_t k = 0; k < draws; ++k) {
    random_distinct_indices(rng, L, drawn_count, marks, drawn);
    const std::size_t position = boost::random::uniform_int_distribution<std::size_t>(0, drawn_count - 1)(rng);
    const std::size_t i = drawn[position];
    RowVector<I> s;
    if (draw_complement) {
      s = total - sum_of_rows(y, drawn);
    } else {
      drawn.erase(drawn.begin() + static_cast<std::ptrdiff_t>(position));
      s = sum_of_rows(y, drawn);
    }
    values.push_back(left_out * euclidean_norm(RowVector<I>(y.row(static_cast<Eigen::Index>(i)) - s)));
  }
  return mean_confidence_interval(values, width, confidence);
}

// expected_distance_by_sampling for the case in R. Interval types draw in binary64 intervals
// (the draws' enclosures, about 2^-50 wide, are nothing beside a confidence interval, and a
// higher precision would not narrow it): so an MPFI round costs what the binary64 tier costs.
// double and Mpfr give the sample mean (an uncertified estimate, for screening), ExactReal
// unknown (a sampled statistic has no exact value).
template <class R>
R sampled_expected_distance(const Case& c, std::size_t N, std::size_t draws, std::uint64_t seed, double confidence) {
  if constexpr (std::is_same_v<R, ExactReal>) {
    return ExactReal::unknown("sampled statistic");
  } else if constexpr (std::is_same_v<R, double> || std::is_same_v<R, Mpfr>) {
    return point_of<R>(expected_distance_by_sampling(token_input<double>(c).y, N, draws, seed, confidence));
  } else {
    const DoubleInterval ci =
        expected_distance_by_sampling(token_input<DoubleInterval>(c).y, N, draws, seed, confidence);
    if constexpr (std::is_same_v<R, DoubleInterval>) return ci;
    else return enclosure_of_doubles<R>(ci.lower(), ci.upper());
  }
}

// How the random-set statements compute E[d~]: over all C(L, N) subsets when there are at most
// kMaxEnumeratedSubsets (certified claims), otherwise from kDefaultSampledDraws draws of a subset
// and a left-out token (integer "samples" of the case if it has one, at most kMaxSampledDraws, a
// limit on what a case file may ask for) as a confidence interval (statistical claims).
inline constexpr std::uint64_t kMaxEnumeratedSubsets = 200000;
inline constexpr std::int64_t kDefaultSampledDraws = 64000;
inline constexpr std::int64_t kMaxSampledDraws = 1000000;
// Why the random-subset theorems are not drawn at longer rows in a regime (TheoremInfo::shapes).
inline constexpr const char* kSampledSubsetsCost =
    "beyond C(L, N) > 200000 it draws 64000 subsets with a left-out token, about N d operations each, and again "
    "twice as many while the statistical verdict is undecided";

// Throws InputError unless the case's optional integer "samples" is in [2, kMaxSampledDraws].
inline void check_sampled_subsets(const Case& c) {
  if (!c.integers.contains("samples")) return;
  if (c.integer("samples") < 2) throw InputError("samples must be >= 2");
  if (c.integer("samples") > kMaxSampledDraws)
    throw InputError("samples = " + std::to_string(c.integer("samples")) + " is beyond the limit of " +
                     std::to_string(kMaxSampledDraws) + " sampled draws");
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
  // The name of value among the quantities, which says how it was obtained.
  const char* name() const {
    return evidence == Evidence::Certified ? "E[d~] (all subsets)" : "E[d~] (confidence interval)";
  }
};

// E[d~] for a uniformly random N-subset of the case's tokens, weights fixed, by enumeration or by
// sampling as above (seed: theorems/sampling_seed.hpp; the number of draws doubles with the
// engine's looks, EvalContext::samples).
template <class R>
RandomSetExpectation<R> random_set_expectation(const Case& c, const TokenInput<R>& in, std::size_t N,
                                               const EvalContext& ctx) {
  const std::size_t L = static_cast<std::size_t>(in.y.rows());
  if (binomial(L, N) <= kMaxEnumeratedSubsets)
    return {expected_distance_by_enumeration(in.y, equal_token_classes(c), N), Evidence::Certified};
  const std::size_t draws = ctx.samples(
      static_cast<std::size_t>(c.integers.contains("samples") ? c.integer("samples") : kDefaultSampledDraws));
  return {sampled_expected_distance<R>(c, N, draws, sampling_seed(c, ctx), ctx.confidence), Evidence::Statistical};
}

}  // namespace nb::theorems
