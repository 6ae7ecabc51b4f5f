#pragma once
// The gap max_i a_i - lambda_max(diag(a) - a a^T), enclosed as one quantity: for region proofs of
// ||J||_2 <= max_i alpha_i / T (J the softmax Jacobian), whose slack is exactly this gap over T and
// is 0 wherever the two largest weights tie. Enclosing max_i a_i and the norm apart leaves the
// slack's enclosure below 0 on every box that meets a tie, however small; the gap's own lower
// bound below is >= 0 on every box, and > 0 where the top weight is certainly apart.
//
// For a real vector a (L >= 2) write a_1 = max_i a_i at an index m, a_2 the second largest entry
// (with multiplicity: a_2 = a_1 when the maximum is attained twice), g = a_1 - a_2 >= 0,
// s = sum_{i != m} a_i^2, S = D - a a^T with D = diag(a), lambda = lambda_max(S), delta = a_1 - lambda.
//   Upper end, delta <= g: by Weyl's inequality for the rank-one update S + a a^T = D,
//   a_2 = lambda_2(D) <= lambda_1(S) + lambda_2(a a^T) = lambda.
//   Lower end, delta >= g min(1/2, a_1^2 / (g + 2 s)) >= 0 (read as 0 when g = 0):
//   delta >= 0 as S <= D (a a^T is positive semidefinite), which is the bound when g = 0 or a_1 = 0.
//   Let g > 0 and a_1 != 0. Then delta > 0: an eigenvector v of S for a_1 has (D - a_1) v = a (a^T v),
//   whose row m reads 0 = a_1 (a^T v), so (D - a_1) v = 0 and v is a multiple of e_m (a_m is D's only
//   entry a_1), and then a^T v = a_1 v_m != 0, a contradiction. If delta >= g/2 the bound holds.
//   Otherwise lambda > a_1 - g/2 = a_2 + g/2, so lambda - a_i > g/2 for every i != m and lambda is
//   no entry of a; by the matrix determinant lemma det(S - lambda) = det(D - lambda)
//   (1 - sum_i a_i^2 / (a_i - lambda)) with det(D - lambda) != 0, so the secular equation
//   1 = sum_i a_i^2 / (a_i - lambda) holds, i.e.
//     a_1^2 / delta = 1 + sum_{i != m} a_i^2 / (lambda - a_i) < 1 + 2 s / g,
//   and delta > a_1^2 g / (g + 2 s).
//   The bound increases with g and a_1^2 and decreases with s, so over a box of entries it is
//   taken at the lower ends of g and a_1^2 and the upper end of s.
// At L = 1, S = a_1 - a_1^2 and the gap is a_1^2.
// Contract, for an interval type R (DoubleInterval, Interval, ArbInterval): an enclosure of the
// gap at every point of the entries' enclosures; NaN (unknown) where an entry is not finite.
#include <type_traits>

#include "verify/numbers/numbers.hpp"
#include "verify/kernels/kth_largest.hpp"
#include "verify/kernels/softmax_over_box.hpp"

namespace nb {

template <class R>
R top_weight_downdate_gap(const Vector<R>& a) {
  static_assert(is_interval_v<R>, "an enclosure over the entries' enclosures");
  using std::abs;
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (!is_finite_value(a[i])) return not_a_number<R>();
  if (a.size() == 0) return not_a_number<R>();
  if (a.size() == 1) {
    const R m = abs(a[0]);
    return m * m;
  }
  const R top = kth_largest(a, 1), second = kth_largest(a, 2);
  const auto g_hi = upper_end_of(R(top - second));
  auto g_lo = lower_end_of(R(top - second));
  if (!(g_hi >= 0)) return not_a_number<R>();  // g >= 0 at every point: the enclosures are wrong
  if (!(g_lo > 0)) return between(decltype(g_lo)(0), g_hi);
  // s = sum_i a_i^2 - a_1^2 <= (the upper end of sum_i a_i^2) - (the lower end of a_1^2).
  R squares = R(0);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const R m = abs(a[i]);
    squares += m * m;
  }
  const R top_magnitude = abs(top);
  const auto top_squared_lo = lower_end_of(R(top_magnitude * top_magnitude));
  auto s_hi = upper_end_of(R(squares - R(top_squared_lo)));
  if (!(s_hi >= 0)) s_hi = 0;  // s >= 0
  const R g = R(g_lo), t = R(top_squared_lo), s = R(s_hi);
  const auto half_g = lower_end_of(R(g / R(2)));
  const auto secular = lower_end_of(R(g * t / R(g + R(2) * s)));
  auto lo = half_g < secular ? half_g : secular;
  if (!(lo > 0)) lo = 0;
  return between(lo, g_hi);
}

// For T certainly > 0: an enclosure of max_i a_i / t - ||J(l, t)||_2 over l in `logits`, t in T,
// with a = softmax(l / t) and J = (diag(a) - a a^T) / t, positive semidefinite (v^T J v is the
// variance of v under a, over t), so ||J||_2 = lambda_max(diag(a) - a a^T) / t and the difference is
// top_weight_downdate_gap(a) / t, with a over the weights' range on the box
// (verify/kernels/softmax_over_box.hpp). NaN (unknown) where T may be <= 0.
template <class R>
R top_weight_over_jacobian_norm_slack(const Vector<R>& logits, const R& T) {
  if (!(lower_end_of(T) > 0)) return not_a_number<R>();
  Vector<R> z(logits.size());
  for (Eigen::Index i = 0; i < logits.size(); ++i) z[i] = logits[i] / T;
  return top_weight_downdate_gap(softmax_over_box(z, R(1))) / T;
}

}  // namespace nb
