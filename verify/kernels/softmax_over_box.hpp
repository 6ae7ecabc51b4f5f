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
// and may widen the enclosure beyond the range (each term alone is exact). O(L^2) operations: for
// the small L of a region proof, not for the engine's long rows of points.
#include "verify/numbers/numbers.hpp"

namespace nb {

// For an interval type R: an enclosure of {softmax(l / t)_i : l in logits, t in T} for each i,
// T certainly > 0 (otherwise NaN entries: unknown). For points: softmax(logits / T).
template <class R>
Vector<R> softmax_over_box(const Vector<R>& logits, const R& T) {
  using std::exp;
  const Eigen::Index L = logits.size();
  Vector<R> a(L);
  if constexpr (is_interval_v<R>)
    if (!(lower_end_of(T) > 0)) return Vector<R>::Constant(L, not_a_number<R>());
  for (Eigen::Index i = 0; i < L; ++i) {
    R others = R(0);
    for (Eigen::Index j = 0; j < L; ++j)
      if (j != i) others += exp((logits[j] - logits[i]) / T);
    a[i] = R(1) / (R(1) + others);
  }
  return a;
}

}  // namespace nb
