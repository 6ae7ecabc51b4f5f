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
// (verify/kernels/softmax_over_box.hpp). The error term is first order in the weights' spread, without
// the products' lost dependence.
//
// Near two tied top weights with the others small, where ||J||_2 <= 1/(2T) is tight to
// O(e^{-gap/T}), that first-order term is far wider than the norm's true spread (the weights move
// together: a_1 + a_2 = 1 - a_3 barely moves). A second bound, by the 2 x 2 compression on a unit
// vector u (the top eigenvector of S(a^)) and its complement, with rho(a) = u^T S(a) u,
// tr(a) = 1 - sum_i a_i^2 and r(a) = ||S(a) u - rho(a) u||:
//   rho(a) <= lambda_max(S(a)) <= rho(a) + r(a)^2 / (2 rho(a) - tr(a))   where 2 rho - tr > 0,
// since S(a) is positive semidefinite, so that the compression's other block is at most its trace,
// tr - rho. Written with sum_i a_i = 1 (rho = s + sum_i a_i (u_i^2 - s) - (t + sum_i a_i (u_i - t))^2
// for any constants s, t), rho's enclosure over the weights' ranges loses little where the
// weights that move most have equal u_i^2; r^2 is second order. With Gershgorin's bound (below),
// three enclosures meet (verify/numbers/enclosure_intersection.hpp).
#include <algorithm>
#include <optional>
#include <vector>

#include <Eigen/Eigenvalues>

#include "verify/numbers/enclosure_intersection.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"
#include "verify/kernels/softmax_over_box.hpp"

namespace nb {

namespace softmax_jacobian_norm_over_box_detail {

// The constant c minimising sum_i width_i |x_i - c| (a median weighted by the widths), for the
// shift sum_i a_i x_i = c + sum_i a_i (x_i - c), exact when sum_i a_i = 1.
inline double weighted_median(const std::vector<double>& x, const std::vector<double>& width) {
  std::vector<std::size_t> order(x.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t p, std::size_t q) { return x[p] < x[q]; });
  double total = 0, running = 0;
  for (double w : width) total += w;
  for (std::size_t i : order) {
    running += width[i];
    if (2 * running >= total) return x[i];
  }
  return x.empty() ? 0 : x[order.back()];
}

}  // namespace softmax_jacobian_norm_over_box_detail

// Longest L whose trial vector comes from a dense eigensolver (O(L^3)); beyond, from the
// eigenvector formula of a rank-one downdate (O(L)).
inline constexpr Eigen::Index kCompressionDenseLength = 64;

// The top eigenvector of S(c) = diag(c) - c c^T in binary64 (any unit vector serves the bound;
// the closer to the eigenvector, the tighter): by a dense eigensolver up to
// kCompressionDenseLength, beyond as u_i = c_i / (c_i - lambda) (the eigenvector of a diagonal
// minus a rank-one term for its eigenvalue lambda, here `top`, S(c)'s largest). None where it is
// not finite (lambda equal to a weight: tied top weights).
inline std::optional<Eigen::VectorXd> top_eigenvector(const Eigen::VectorXd& c, double top) {
  const Eigen::Index L = c.size();
  if (!c.allFinite()) return std::nullopt;
  if (L > kCompressionDenseLength) {
    Eigen::VectorXd u(L);
    for (Eigen::Index i = 0; i < L; ++i) u[i] = c[i] / (c[i] - top);
    if (!u.allFinite()) return std::nullopt;
    return u;
  }
  Eigen::MatrixXd S(L, L);
  for (Eigen::Index i = 0; i < L; ++i)
    for (Eigen::Index j = 0; j < L; ++j) S(i, j) = (i == j ? c[i] : 0.0) - c[i] * c[j];
  if (!S.allFinite()) return std::nullopt;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(S);
  return Eigen::VectorXd(eigen.eigenvectors().col(L - 1));  // eigenvalues ascend
}

// An enclosure of {lambda_max(diag(a) - a a^T) : a a weight vector (sum 1) in the box `a`} by the
// 2 x 2 compression above, u the top eigenvector of S(centre) (top_eigenvector; `top` an
// approximation of S(centre)'s largest eigenvalue); none where 2 rho - tr is not certainly > 0 on
// the box (a repeated or nearly repeated top eigenvalue).
template <class R>
std::optional<R> compressed_top_eigenvalue(const Vector<R>& a, const Vector<R>& centre, double top) {
  using std::abs;
  using std::sqrt;
  using softmax_jacobian_norm_over_box_detail::weighted_median;
  const Eigen::Index L = a.size();
  Eigen::VectorXd c(L);
  for (Eigen::Index i = 0; i < L; ++i) c[i] = static_cast<double>(midpoint_of(centre[i]));
  const std::optional<Eigen::VectorXd> eigenvector = top_eigenvector(c, top);
  if (!eigenvector) return std::nullopt;
  const Eigen::VectorXd& top_vector = *eigenvector;
  Vector<R> u(L);
  R length = R(0);
  for (Eigen::Index i = 0; i < L; ++i) {
    u[i] = R(top_vector[i]);
    length += u[i] * u[i];
  }
  length = sqrt(length);
  std::vector<double> square(static_cast<std::size_t>(L)), entry(square.size()), width(square.size());
  for (Eigen::Index i = 0; i < L; ++i) {
    u[i] /= length;
    const auto k = static_cast<std::size_t>(i);
    entry[k] = static_cast<double>(midpoint_of(u[i]));
    square[k] = entry[k] * entry[k];
    width[k] = static_cast<double>(upper_end_of(a[i]) - lower_end_of(a[i]));
  }
  // sum_i a_i u_i^2 and a . u, shifted (sum_i a_i = 1).
  const R s = R(weighted_median(square, width)), t = R(weighted_median(entry, width));
  R diagonal_part = s, along = t, squares = R(0);
  for (Eigen::Index i = 0; i < L; ++i) {
    diagonal_part += a[i] * R(u[i] * u[i] - s);
    along += a[i] * R(u[i] - t);
    const R m = abs(a[i]);
    squares += m * m;
  }
  const R along_magnitude = abs(along);
  const R rho = diagonal_part - along_magnitude * along_magnitude;
  const R trace = R(1) - squares;
  R residual = R(0);
  for (Eigen::Index i = 0; i < L; ++i) {
    const R m = abs(R(a[i] * u[i] - a[i] * along - rho * u[i]));  // (S(a) u - rho u)_i
    residual += m * m;
  }
  const R gap = R(2) * rho - trace;
  if (!(lower_end_of(gap) > 0)) return std::nullopt;
  const auto gap_lo = lower_end_of(gap);
  const R upper = rho + residual / between(gap_lo, gap_lo);
  return between(lower_end_of(rho), upper_end_of(upper));
}

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
  R norm = between(lo, upper_end_of(R(centre_norm + spread)));
  // Gershgorin's discs: row i of S(a) has centre a_i (1 - a_i) and radius a_i sum_{j != i} a_j,
  // the same, so lambda_max <= max_i 2 a_i (1 - a_i), at most 1/2 (maximised over a_i's range at
  // the end nearest 1/2, or at 1/2). Tight where a weight is near 1/2, where the others are weak.
  R gershgorin = R(0);
  for (Eigen::Index i = 0; i < L; ++i) {
    const auto alo = lower_end_of(a[i]), ahi = upper_end_of(a[i]);
    const R nearest = alo > 0.5 ? R(alo) : ahi < 0.5 ? R(ahi) : R(1) / R(2);
    gershgorin = max_of(gershgorin, R(R(2) * nearest * R(R(1) - nearest)));
  }
  norm = intersection(norm, between(decltype(lo)(0), upper_end_of(gershgorin)));
  if (const std::optional<R> compressed =
          compressed_top_eigenvalue(a, centre_weights, static_cast<double>(midpoint_of(centre_norm))))
    norm = intersection(norm, *compressed);
  return norm / T;  // NaN where the enclosures are disjoint: one of them is wrong
}

}  // namespace nb
