#pragma once
// Attention normalizers as formula vocabulary: sigmoid, ssmax, sparsemax, entmax15 and the
// Jacobians sparsemax_jacobian, entmax15_jacobian. Contracts, for every number type R (double and
// Mpfr approximate; DoubleInterval, Interval and ArbInterval enclose: the output encloses the exact
// value for every point of the inputs; ExactReal is exact or unknown; the prove Gradient carries
// derivatives where stated):
//   sigmoid(x)        1 / (1 + exp(-x)) of a scalar, or of each entry of a vector or matrix;
//                     exact in the exact tier; differentiable.
//   ssmax(z, s)       scalable softmax (Nakanishi 2025): softmax(s log(L) z), L the length of z;
//                     exact in the exact tier; differentiable.
//   sparsemax(z)      the Euclidean projection of z onto the probability simplex (Martins &
//                     Astudillo 2016): p_i = max(z_i - tau, 0), sum p = 1.
//   entmax15(z)       1.5-entmax (Peters, Niculae & Martins 2019): p_i = [z_i/2 - tau]_+^2, sum p = 1.
//   sparsemax_jacobian(z)   diag(s) - s s^T / |S|, s the indicator of the support S = {z_i > tau}:
//                     sparsemax's Jacobian wherever S is locally constant.
//   entmax15_jacobian(z)    diag(g) - g g^T / sum(g), g = sqrt(p) (g_i = [z_i/2 - tau]_+): the
//                     Jacobian of 1.5-entmax (Peters et al., Prop. 1), symmetric positive
//                     semidefinite.
// The thresholds: tau is the root of a function of tau that decreases and increases with every
// z_i, so tau increases with every z_i and, over a box, lies between its values at the lower ends
// and at the upper ends of the entries: both are enclosed at those points (sparsemax's exactly as
// max_k (z_(1) + ... + z_(k) - 1) / k, since every set S gives tau >= (sum_S z - 1)/|S| with
// equality on the support; entmax's by a bracket whose ends the interval evaluation of the
// function certifies). In the exact tier the support is decided by Calcium (unknown where it cannot
// order the entries). sparsemax, entmax15 and the Jacobians have no derivative kernel: their
// supports make them piecewise.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/kernels/entmax15.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {
namespace normalizers {

// A binary64 approximation of x, only to steer (an order, a starting point).
template <class R>
double approximation(const R& x) {
  if constexpr (is_exact_number_v<R>) return static_cast<double>(midpoint_of(enclosure_of(x)));
  else return static_cast<double>(midpoint_of(x));
}

// The order of z's entries, decreasing by their approximations; for the exact tier, whether
// Calcium confirms it (each entry at least the next).
template <class R>
std::vector<std::size_t> decreasing_order(const std::vector<R>& z, bool& confirmed) {
  std::vector<std::size_t> order(z.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::vector<double> approx(z.size());
  for (std::size_t i = 0; i < z.size(); ++i) approx[i] = approximation(z[i]);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return approx[a] > approx[b]; });
  confirmed = true;
  if constexpr (is_exact_number_v<R>)
    for (std::size_t k = 0; k + 1 < order.size() && confirmed; ++k) {
      const ExactSign s = sign_of(ExactReal(z[order[k]] - z[order[k + 1]]));
      confirmed = s == ExactSign::Positive || s == ExactSign::Zero;
    }
  return order;
}

template <class R>
R fold_max(std::vector<R>& xs) {
  if constexpr (is_exact_number_v<R>) {
    return max_of(std::span<const R>(xs.data(), xs.size()));
  } else {
    R best = xs[0];
    for (std::size_t k = 1; k < xs.size(); ++k) best = max_of(best, xs[k]);
    return best;
  }
}

// sparsemax's tau at the point z (entries of R that are points, or exact): max_k (z_(1) + ... +
// z_(k) - 1)/k in R's arithmetic.
template <class R>
R sparsemax_threshold_at(const std::vector<R>& z) {
  bool confirmed = true;
  const std::vector<std::size_t> order = decreasing_order(z, confirmed);
  if constexpr (is_exact_number_v<R>)
    if (!confirmed) return R::unknown("Calcium could not order the entries of sparsemax's argument");
  std::vector<R> candidates;
  R sum = R(0);
  for (std::size_t k = 0; k < order.size(); ++k) {
    sum += z[order[k]];
    candidates.push_back(R((sum - R(1)) / R(static_cast<long>(k + 1))));
  }
  return fold_max(candidates);
}

// h(t) = sum_i [x_i - t]_+^2 - 1 in R.
template <class R>
R entmax_excess(const std::vector<R>& x, const R& t) {
  R h = R(-1);
  for (const R& xi : x) {
    const R m = max_of(R(xi - t), R(0));
    h += m * m;
  }
  return h;
}

// entmax15's tau (on the scale of z/2) at the point x = z/2 (entries of R that are points).
template <class R>
R entmax_threshold_at(const std::vector<R>& x) {
  Vector<double> doubled(static_cast<Eigen::Index>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) doubled[static_cast<Eigen::Index>(i)] = 2 * approximation(x[i]);
  const double guess = kernels::entmax15_threshold(doubled);
  if constexpr (is_interval_v<R>) {
    // tau is in [t_lo, t_hi] where h(t_lo) >= 0 >= h(t_hi) certainly (h decreases); the bracket
    // [max x - 1, max x] always holds it (h(max x - 1) >= 0, h(max x) = -1).
    R top = x[0];
    for (const R& xi : x) top = max_of(top, xi);
    const auto low_ok = [&](const R& t) { return lower_end_of(entmax_excess(x, t)) >= 0; };
    const auto high_ok = [&](const R& t) { return upper_end_of(entmax_excess(x, t)) <= 0; };
    R lo = R(top - R(1)), hi = top;
    for (double step = std::ldexp(std::max(1.0, std::abs(guess)), -45); step < 1; step *= 16) {
      const R t = point_of<R>(guess - step);
      if (low_ok(t)) {
        lo = t;
        break;
      }
    }
    for (double step = std::ldexp(std::max(1.0, std::abs(guess)), -45); step < 1; step *= 16) {
      const R t = point_of<R>(guess + step);
      if (high_ok(t)) {
        hi = t;
        break;
      }
    }
    return R(between(lower_end_of(lo), upper_end_of(hi)));
  } else if constexpr (is_exact_number_v<R>) {
    // The support from the approximation, then tau_k of its k entries in closed form, kept only
    // where Calcium confirms x_(k) > tau_k >= x_(k+1).
    bool confirmed = true;
    const std::vector<std::size_t> order = decreasing_order(x, confirmed);
    if (!confirmed) return R::unknown("Calcium could not order the entries of entmax15's argument");
    std::size_t k = 0;
    while (k < x.size() && approximation(x[order[k]]) > guess) ++k;
    k = std::max<std::size_t>(k, 1);
    R sum = R(0), squares = R(0);
    for (std::size_t j = 0; j < k; ++j) {
      sum += x[order[j]];
      squares += x[order[j]] * x[order[j]];
    }
    const R size = R(static_cast<long>(k)), mean = R(sum / size);
    using std::sqrt;
    const R tau = R(mean - sqrt(R((R(1) - (squares - size * mean * mean)) / size)));
    const bool above = sign_of(ExactReal(x[order[k - 1]] - tau)) == ExactSign::Positive;
    const ExactSign next = k < x.size() ? sign_of(ExactReal(tau - x[order[k]])) : ExactSign::Positive;
    if (!above || (next != ExactSign::Positive && next != ExactSign::Zero))
      return R::unknown("Calcium could not confirm entmax15's support");
    return tau;
  } else {
    // double, Mpfr: Newton's steps on the convex decreasing h from the binary64 threshold.
    R t = R(guess);
    for (int step = 0; step < 6; ++step) {
      R slope = R(0);
      for (const R& xi : x) slope += max_of(R(xi - t), R(0));
      if (!(slope > 0)) break;
      t += entmax_excess(x, t) / (R(2) * slope);
    }
    return t;
  }
}

// The threshold of z (scaled by `scale` first: 1 for sparsemax, 1/2 for entmax) over the
// enclosures of its entries: at the points, or between its values at the lower and upper ends.
template <class R, class At>
R threshold(const Vector<R>& z, const R& scale, At at) {
  if (z.size() == 0) throw VocabularyMisuse("a normalizer of a vector of length 0");
  std::vector<R> x(static_cast<std::size_t>(z.size()));
  if constexpr (is_interval_v<R>) {
    std::vector<R> upper(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      const R s = z[static_cast<Eigen::Index>(i)] * scale;
      x[i] = point_of<R>(lower_end_of(s));
      upper[i] = point_of<R>(upper_end_of(s));
    }
    const R low = at(x), high = at(upper);
    return R(between(lower_end_of(low), upper_end_of(high)));
  } else {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = z[static_cast<Eigen::Index>(i)] * scale;
    return at(x);
  }
}

template <class R>
R sparsemax_tau(const Vector<R>& z) {
  return threshold(z, R(1), [](const std::vector<R>& x) { return sparsemax_threshold_at(x); });
}

template <class R>
R entmax_tau(const Vector<R>& z) {
  return threshold(z, R(R(1) / R(2)), [](const std::vector<R>& x) { return entmax_threshold_at(x); });
}

// [z_i * scale - tau]_+ for each i.
template <class R>
Vector<R> clipped(const Vector<R>& z, const R& scale, const R& tau) {
  Vector<R> out(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i) out[i] = max_of(R(z[i] * scale - tau), R(0));
  return out;
}

template <class R>
Vector<R> sparsemax(const Vector<R>& z) {
  return clipped(z, R(1), sparsemax_tau(z));
}

template <class R>
Vector<R> entmax15(const Vector<R>& z) {
  const R half = R(R(1) / R(2));
  Vector<R> g = clipped(z, half, entmax_tau(z));
  for (Eigen::Index i = 0; i < g.size(); ++i) g[i] = g[i] * g[i];
  return g;
}

// The support's indicator of sparsemax: 1 where z_i > tau certainly, 0 where z_i <= tau certainly,
// [0, 1] (unknown in the exact tier) where the enclosures do not decide.
template <class R>
Vector<R> support_indicator(const Vector<R>& z) {
  const R tau = sparsemax_tau(z);
  Vector<R> s(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    const R d = z[i] - tau;
    if constexpr (is_exact_number_v<R>) {
      const ExactSign sign = sign_of(d);
      s[i] = sign == ExactSign::Positive ? R(1)
             : sign == ExactSign::Unknown ? R::unknown("Calcium could not decide sparsemax's support")
                                          : R(0);
    } else if constexpr (is_interval_v<R>) {
      s[i] = lower_end_of(d) > 0 ? R(1) : upper_end_of(d) <= 0 ? R(0) : R(between(lower_end_of(R(0)), upper_end_of(R(1))));
    } else {
      s[i] = d > 0 ? R(1) : R(0);
    }
  }
  return s;
}

// diag(g) - g g^T / sum(g).
template <class R>
Matrix<R> projection_jacobian(const Vector<R>& g) {
  R total = R(0);
  for (Eigen::Index i = 0; i < g.size(); ++i) total += g[i];
  Matrix<R> J(g.size(), g.size());
  for (Eigen::Index i = 0; i < g.size(); ++i)
    for (Eigen::Index j = 0; j < g.size(); ++j) J(i, j) = (i == j ? g[i] : R(0)) - g[i] * g[j] / total;
  return J;
}

template <class R>
Matrix<R> sparsemax_jacobian(const Vector<R>& z) {
  return projection_jacobian(support_indicator(z));
}

template <class R>
Matrix<R> entmax15_jacobian(const Vector<R>& z) {
  return projection_jacobian(clipped(z, R(R(1) / R(2)), entmax_tau(z)));
}

template <class R>
R sigmoid(const R& x) {
  using std::exp;
  return R(R(1) / (R(1) + exp(R(-x))));
}

template <class R>
Vector<R> ssmax(const Vector<R>& z, const R& s) {
  using std::log;
  const R scale = s * log(R(static_cast<long>(z.size())));
  return softmax(Vector<R>(z * scale), R(1));
}

}  // namespace normalizers

// The kernel of `name` in R, or an empty function where the name is not this family's (or, for
// the prove gradients, has no derivative kernel).
template <class R>
VocabularyKernel<R> normalizer_kernel(const std::string& name) {
  using Args = std::span<const Operand<R>>;
  if (name == "sigmoid")
    return [](Args a) -> Value<R> {
      if (a[0].scalar) return normalizers::sigmoid(*a[0].scalar);
      if (a[0].vector) return Vector<R>(a[0].vector->unaryExpr([](const R& x) { return normalizers::sigmoid(x); }));
      return Matrix<R>(a[0].matrix->unaryExpr([](const R& x) { return normalizers::sigmoid(x); }));
    };
  if (name == "ssmax") return [](Args a) -> Value<R> { return normalizers::ssmax(*a[0].vector, *a[1].scalar); };
  if constexpr (!is_gradient_v<R>) {
    if (name == "sparsemax") return [](Args a) -> Value<R> { return normalizers::sparsemax(*a[0].vector); };
    if (name == "entmax15") return [](Args a) -> Value<R> { return normalizers::entmax15(*a[0].vector); };
    if (name == "sparsemax_jacobian")
      return [](Args a) -> Value<R> { return normalizers::sparsemax_jacobian(*a[0].vector); };
    if (name == "entmax15_jacobian")
      return [](Args a) -> Value<R> { return normalizers::entmax15_jacobian(*a[0].vector); };
  }
  return {};
}

// The family's entries (normalizers.cpp).
const std::vector<VocabularyEntry>& normalizer_entries();

}  // namespace nb::formula
