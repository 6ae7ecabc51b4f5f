#pragma once
// Softmax weights over a box of logits: the range of each weight, for region proofs
// (verify/prove/). The usual form exp(l_i) / sum_j exp(l_j) holds l_i twice, once in each
// direction, so interval arithmetic widens it (on [-1, 1]^2 at T = 1 the engine's form encloses
// a_1 in about [0.068, 3.69], where the range is [0.119, 0.881]). Written as
//   a_i = 1 / (1 + sum_{j != i} exp((l_j - l_i) / T)),
// every logit enters with one direction of monotonicity (a_i increases with l_i and decreases with
// each other l_j), so for a point T the enclosure is the exact range up to rounding: its ends are
// the weights at two vertices of the box, (l_i high, the others low) and (l_i low, the others
// high) -- the threshold structure of the extremes of softmax over a box (Rezazadeh & Davoodi,
// "Vertex-Softmax", arXiv 2605.10974), here for a single weight. An interval T enters every term
// and may widen the enclosure beyond the range (each term alone is exact). O(L^2) operations up to
// kSoftmaxOverBoxPairwiseLength; beyond, for a point T, O(L): the sums over j != i of the vertex
// terms factor as exp(-l_i / T) sum_{j != i} exp(l_j / T), shifted by the largest end and summed
// as prefix and suffix sums (no subtraction), which widens the range by a few roundings (the
// neighbourhood of a real attention row, L up to 1024).
#include <vector>

#include "verify/numbers/numbers.hpp"

namespace nb {

// Longest L evaluated term by term; longer rows at a point T take the factored O(L) form.
inline constexpr long kSoftmaxOverBoxPairwiseLength = 64;

namespace softmax_over_box_detail {

// For each i, an enclosure of sum_{j != i} exp((e_j - c) / T) (T a point > 0), from prefix and
// suffix sums of the terms.
template <class R>
std::vector<R> sums_of_the_others(const std::vector<R>& ends, const R& c, const R& T) {
  using std::exp;
  const std::size_t L = ends.size();
  std::vector<R> term(L), before(L + 1, R(0)), after(L + 1, R(0)), out(L);
  for (std::size_t j = 0; j < L; ++j) term[j] = exp((ends[j] - c) / T);
  for (std::size_t j = 0; j < L; ++j) before[j + 1] = before[j] + term[j];
  for (std::size_t j = L; j-- > 0;) after[j] = after[j + 1] + term[j];
  for (std::size_t i = 0; i < L; ++i) out[i] = before[i] + after[i + 1];
  return out;
}

}  // namespace softmax_over_box_detail

// For an interval type R: an enclosure of {softmax(l / t)_i : l in logits, t in T} for each i,
// T certainly > 0 (otherwise NaN entries: unknown). For points: softmax(logits / T).
template <class R>
Vector<R> softmax_over_box(const Vector<R>& logits, const R& T) {
  using std::exp;
  const Eigen::Index L = logits.size();
  Vector<R> a(L);
  if constexpr (is_interval_v<R>)
    if (!(lower_end_of(T) > 0)) return Vector<R>::Constant(L, not_a_number<R>());
  if constexpr (is_interval_v<R>)
    if (L > kSoftmaxOverBoxPairwiseLength && lower_end_of(T) == upper_end_of(T)) {
      // sum_{j != i} exp((l_j - l_i) / T) lies in [exp((m - hi_i) / T) sum_{j != i} exp((lo_j - m) / T),
      //                                            exp((M - lo_i) / T) sum_{j != i} exp((hi_j - M) / T)]
      // with m, M the largest low and high ends (the shifted terms at most 1).
      using std::exp;
      std::vector<R> lows(static_cast<std::size_t>(L)), highs(lows.size());
      auto m = lower_end_of(logits[0]), M = upper_end_of(logits[0]);
      for (Eigen::Index j = 0; j < L; ++j) {
        lows[static_cast<std::size_t>(j)] = R(lower_end_of(logits[j]));
        highs[static_cast<std::size_t>(j)] = R(upper_end_of(logits[j]));
        if (lower_end_of(logits[j]) > m) m = lower_end_of(logits[j]);
        if (upper_end_of(logits[j]) > M) M = upper_end_of(logits[j]);
      }
      const std::vector<R> low_sums = softmax_over_box_detail::sums_of_the_others(lows, R(m), T),
                           high_sums = softmax_over_box_detail::sums_of_the_others(highs, R(M), T);
      for (Eigen::Index i = 0; i < L; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const R least = low_sums[k] * exp((R(m) - highs[k]) / T), most = high_sums[k] * exp((R(M) - lows[k]) / T);
        a[i] = R(1) / (R(1) + R(between(lower_end_of(least), upper_end_of(most))));
      }
      return a;
    }
  for (Eigen::Index i = 0; i < L; ++i) {
    R others = R(0);
    for (Eigen::Index j = 0; j < L; ++j)
      if (j != i) others += exp((logits[j] - logits[i]) / T);
    a[i] = R(1) / (R(1) + others);
  }
  return a;
}

}  // namespace nb
