#pragma once
// ||J||_2 of the softmax Jacobian J = (diag(alpha) - alpha alpha^T) / T from its structure:
// O(L p) operations at p bits, where a general spectral norm costs O(L^3) (and above
// kVerifiedSpectralMaxDimension columns only gives a loose enclosure).
// J is symmetric positive semidefinite (v^T J v is the variance of v under alpha, over T), so
// ||J||_2 = lambda_max(J). D - alpha alpha^T with D = diag(alpha) is a rank-one downdate of D, so
// with d_1 >= d_2 the two largest weights its largest eigenvalue lambda lies in [d_2, d_1]:
//   * at L = 2, D - alpha alpha^T has rank one, so lambda is its trace 2 alpha_1 alpha_2 (an exact
//     form, where the bisection below has none);
//   * if d_1 = d_2 (the largest logit attained twice): lambda = d_1 (eigenvector e_i - e_j);
//   * otherwise lambda is the only root in (d_2, d_1) of the secular function
//       f(x) = 1 - sum_i alpha_i^2 / (alpha_i - x)
//     (det(D - alpha alpha^T - x) = det(D - x) f(x)), which decreases there from +inf to -inf:
//     f'(x) = -sum_i alpha_i^2 / (alpha_i - x)^2 < 0, every alpha_i > 0.
// The root is found by bisection on points x, each step keeping the half where the sign of f(x)
// is certain; it stops when the sign is not certain or the points stop moving.
// Relative accuracy when the top weight saturates (alpha_1 = 1 - e^-5000 at small T, where lambda
// is about e^-5000 and any absolute error bound of the working precision swamps it): the top
// term is summed as 1 - alpha_1^2 / (alpha_1 - x) = (alpha_1 o_1 - x) / (alpha_1 - x), with o_1 the
// sum of the other weights (never 1 - alpha_1); and the bisection starts from
// [max(d_2, max_i alpha_i o_i), min(d_1, sum_i alpha_i o_i)] (lambda is at least the largest
// diagonal entry and at most the trace of the positive semidefinite D - alpha alpha^T), a bracket
// within a factor L of lambda, so each step gains a bit of relative accuracy.
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb {

// The secular function f(x) at the point x (a double or an Mpfr), its top term summed as
// (alpha_1 o_1 - x) / (alpha_1 - x) from `top_diagonal_term` = alpha_1 o_1. For interval types an
// enclosure; its sign is certain only where no alpha_i - x contains 0, i.e. for x strictly
// between d_2 and d_1 when x lies in the starting bracket below.
template <class R, class Point>
R secular_function(const Vector<R>& alpha, const R& top_diagonal_term, std::size_t first, const Point& x) {
  const R at = point_of<R>(x);
  R f = (top_diagonal_term - at) / (alpha[static_cast<Eigen::Index>(first)] - at);
  for (Eigen::Index i = 0; i < alpha.size(); ++i)
    if (static_cast<std::size_t>(i) != first) f -= alpha[i] * alpha[i] / (alpha[i] - at);
  return f;
}

// The binary64 tier's shortcut to the bisection below (verify/kernels/softmax_jacobian_norm.cpp): the
// root is located in binary64 on the weights' midpoints (no certainty needed to steer), then two
// points just below and above it are certified by one interval evaluation of f each (lower end
// of f > 0 below, upper end < 0 above; the margin starts at about the width of f's enclosure
// over |f'| and doubles while a sign is not certain). A handful of interval evaluations of f
// instead of one per bisection step. On 2000 random rows (ties, near ties, saturation) it
// succeeded on 93%, its brackets 4x narrower than the bisection's (geometric mean), at worst 1.5x
// wider. None when a margin would leave (lo, hi) or the root cannot be located: the bisection
// then runs as before. Sound whatever the midpoints: only certified signs place the ends.
std::optional<std::pair<double, double>> secular_root_bracket(const Vector<DoubleInterval>& alpha,
                                                              const DoubleInterval& top_diagonal_term,
                                                              std::size_t first, double lo, double hi);

// For alpha = softmax(logits / T) (`logits` the exact logits the weights came from, which decide
// ties exactly): for Interval an enclosure of ||J||_2, for points an approximation.
template <class R>
R softmax_jacobian_norm(const Vector<R>& alpha, const R& T, const ExactTensor& logits) {
  const std::size_t L = static_cast<std::size_t>(alpha.size());
  for (Eigen::Index i = 0; i < alpha.size(); ++i)
    if (!is_finite_value(alpha[i])) return not_a_number<R>();
  if (L == 1) return R(0);  // J = alpha (1 - alpha) / T = 0
  if (L == 2) return R(2) * alpha[0] * alpha[1] / T;
  const std::size_t first = top_n(logits, 1).selected[0];
  std::size_t second = L;
  for (std::size_t i : top_n(logits, 2).selected)
    if (i != first) second = i;
  const auto weight = [&](std::size_t i) -> const R& { return alpha[static_cast<Eigen::Index>(i)]; };
  if (exactly_equal(logits, first, second)) return weight(first) / T;
  if constexpr (is_exact_number_v<R>) {
    // The root is transcendental in general: the bisection's midpoint is no exact value.
    return ExactReal::unknown("secular equation root (bisection)");
  } else {
    using Point = decltype(midpoint_of(alpha[0]));
    const Vector<R> others = weights_of_the_others(alpha);
    // The diagonal of D - alpha alpha^T: alpha_i o_i.
    const Vector<R> diagonal = alpha.cwiseProduct(others);
    R trace = R(0), top_diagonal = R(0);
    for (Eigen::Index i = 0; i < alpha.size(); ++i) {
      trace += diagonal[i];
      top_diagonal = max_of(top_diagonal, diagonal[i]);
    }
    const R& top_diagonal_term = diagonal[static_cast<Eigen::Index>(first)];
    Point lo = max_of(lower_end_of(weight(second)), lower_end_of(top_diagonal));
    Point hi = min_of(upper_end_of(weight(first)), upper_end_of(trace));
    if constexpr (std::is_same_v<R, DoubleInterval>)
      if (const auto bracket = secular_root_bracket(alpha, top_diagonal_term, first, lo, hi))
        return between(bracket->first, bracket->second) / T;
    for (unsigned step = 0; step < 2 * working_precision() + 64; ++step) {
      const Point x = (lo + hi) / 2;
      if (!(lo < x && x < hi)) break;
      const R f = secular_function(alpha, top_diagonal_term, first, x);
      if (lower_end_of(f) > 0) {
        lo = x;
      } else if (upper_end_of(f) < 0) {
        hi = x;
      } else {
        break;
      }
    }
    if constexpr (is_interval_v<R>) {
      return between(lo, hi) / T;
    } else {
      return R((lo + hi) / 2) / T;
    }
  }
}

}  // namespace nb
