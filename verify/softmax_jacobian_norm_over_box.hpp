#pragma once
// ||J||_2 of the softmax Jacobian over a box of logits and temperatures, for region proofs
// (verify/prove/). Interval arithmetic on J's entries and a general spectral norm lose the
// weights' dependence twice (each a_i a_j as a product of two independent enclosures, and
// Gershgorin discs of a squared matrix): on a box of logits of side 1/4 at T near 1.3 the slack
// of ||J||_2 <= 1/(2T) came out 20 times as wide as its range (measured by sampling). A centred
// form instead: with z = l / t, S(a) = diag(a) - a a^T and ||J||_2 = lambda_max(S(a(z))) / t,
// Weyl's inequality gives for any point z^ and its weights a^ = softmax(z^)
//   |lambda_max(S(a)) - lambda_max(S(a^))| <= ||S(a) - S(a^)||_2 <= ||S(a) - S(a^)||_F,
//   (S(a) - S(a^))_ij = delta_ij (a_i - a^_i) - (a_i - a^_i) a_j - a^_i (a_j - a^_j),
// where lambda_max(S(a^)) is the secular-equation kernel at the point z^ (verify/
// softmax_jacobian_norm.hpp: tight, ties exact) and a ranges over the weights' range on the box
// (verify/softmax_over_box.hpp). The error term is first order in the weights' spread, without
// the products' lost dependence.
#include <vector>

#include "verify/exact.hpp"
#include "verify/softmax_jacobian_norm.hpp"
#include "verify/softmax_over_box.hpp"

namespace nb {

// For an interval type R and T certainly > 0: an enclosure of
// {||J(l, t)||_2 : l in logits, t in T}, J = (diag(a) - a a^T) / t, a = softmax(l / t). NaN
// (unknown) when T may be <= 0 or an entry is not finite.
template <class R>
R softmax_jacobian_norm_over_box(const Vector<R>& logits, const R& T) {
  using std::sqrt;
  using std::abs;
  const Eigen::Index L = logits.size();
  if (!(lower_end_of(T) > 0)) return not_a_number<R>();
  Vector<R> z(L);
  std::vector<double> centre(static_cast<std::size_t>(L));
  for (Eigen::Index i = 0; i < L; ++i) {
    z[i] = logits[i] / T;
    if (!is_finite_value(z[i])) return not_a_number<R>();
    // Any point serves as the centre; a binary64 one is exact as the kernel's logits.
    centre[static_cast<std::size_t>(i)] = static_cast<double>(midpoint_of(z[i]));
  }
  const ExactTensor centre_logits = ExactTensor::vector(centre);
  const Vector<R> centre_weights = softmax(centre_logits.to_vector<R>(), R(1));
  const R centre_norm = softmax_jacobian_norm(centre_weights, R(1), centre_logits);
  const Vector<R> a = softmax_over_box(z, R(1));
  R squares = R(0);
  for (Eigen::Index i = 0; i < L; ++i)
    for (Eigen::Index j = 0; j < L; ++j) {
      const R di = a[i] - centre_weights[i], dj = a[j] - centre_weights[j];
      const R entry = (i == j ? di : R(0)) - di * a[j] - centre_weights[i] * dj;
      const R m = abs(entry);
      squares += m * m;
    }
  const R spread = sqrt(squares);
  auto lo = lower_end_of(R(centre_norm - spread));
  if (!(lo > 0)) lo = 0;  // a norm is >= 0
  return between(lo, upper_end_of(R(centre_norm + spread))) / T;
}

}  // namespace nb
