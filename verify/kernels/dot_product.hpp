#pragma once
// Squared norms and matrix-vector products for every number type, with a fast path for the
// binary64 interval tier. For double, Mpfr and Interval they are Eigen's squaredNorm() and
// nb::product, unchanged. For DoubleInterval with every entry a point (exact binary64 inputs, the
// usual case) each dot product is computed once in binary64, in index order, and enclosed by a
// rigorous bound on its rounding error (point_dot_enclosure below), instead of an interval
// product and an interval sum per term (an FMA and two TwoSums per term): the certified check of
// softmax-weight-bounds at L = 256, d = 64 went from 1.08 ms to 0.25 ms (bench_certified).
// Dot products with entries that are not points, or NaN, take the interval path; sums of squares
// of such vectors (and of differences of boxes) two recurrences of their own (sum_of_squares).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "verify/numbers/numbers.hpp"

namespace nb {

// The enclosure of sum_k x_k y_k from the binary64 recurrence over the n terms
//   p_k = fl(x_k y_k),  s_k = fl(s_{k-1} + p_k),  s_0 = 0,   a = fl(sum_k |p_k| + |s_k|)
// (a summed in that order, two additions per term), round to nearest, no FMA required (a fused
// p_k + s_{k-1} has one rounding fewer, which the bound also covers).
// Guarantee (Wilkinson's running error bound, Higham, "Accuracy and Stability of Numerical
// Algorithms", 2nd ed., section 3.3): each rounding errs by at most u = 2^-53 times its computed
// result (|fl(z) - z| <= u |fl(z)|, Higham (2.5)), plus eta/2 = 2^-1075 absolute for a product in
// the subnormal range (a sum of binary64 numbers that is subnormal is exact). Summing the errors
// of the telescoping s_n = sum_k (s_k - s_{k-1}):
//   |s_n - sum_k x_k y_k| <= u A + n eta/2,   A = sum_k |p_k| + |s_k| (exact sum),
// and the recursive sum a of those 2n non-negative terms gives A <= a / (1 - gamma_2n)
// <= a (1 + 2^-30) for n <= 2^20. The result is [s_n - B, s_n + B] with
// B = fl(fl(c a) + (n + 1) eta), c = u (1 + 2^-29), which is at least u (1 + 2^-30) a + n eta/2
// whatever the two roundings (including underflow of c a), ends rounded outward.
// None when the bound does not apply: s_n or a infinite or NaN (overflow), or n > 2^20; and
// when a = 0 (every product is 0 or underflows to it, as for a zero query), where the interval
// path keeps an exact 0 a point. The caller then takes the interval path. (Other exact dot
// products, of small integers say, get a width of about u a here instead of a point.)
std::optional<DoubleInterval> point_dot_enclosure(double s, double a, std::size_t n);

// The enclosure of sum_k x_k y_k by point_dot_enclosure when every entry of x and y is a point,
// else none. x and y are DoubleInterval vectors of the same shape (both columns or both rows),
// Eigen expressions of any strides.
template <class X, class Y>
std::optional<DoubleInterval> point_dot_product(const Eigen::MatrixBase<X>& x, const Eigen::MatrixBase<Y>& y) {
  // A row and a column multiplied coefficient-wise read past the column's end in Release builds.
  static_assert(static_cast<int>(X::ColsAtCompileTime) == static_cast<int>(Y::ColsAtCompileTime),
                "dot_product: give two columns or two rows");  // (two enums: compared as int)
  const Eigen::Index n = x.size();
  double s = 0, a = 0;
  for (Eigen::Index k = 0; k < n; ++k) {
    const DoubleInterval& xk = x.coeff(k);
    const DoubleInterval& yk = y.coeff(k);
    if (xk.lower() != xk.upper() || yk.lower() != yk.upper()) return std::nullopt;  // also NaN
    const double p = xk.lower() * yk.lower();
    s += p;
    a += std::abs(p);
    a += std::abs(s);
  }
  return point_dot_enclosure(s, a, static_cast<std::size_t>(n));
}

// sum_k x_k y_k for two DoubleInterval vectors of the same shape (point_dot_product, else interval
// products and sums).
template <class X, class Y>
DoubleInterval dot_product(const Eigen::MatrixBase<X>& x, const Eigen::MatrixBase<Y>& y) {
  if (const std::optional<DoubleInterval> enclosure = point_dot_product(x, y)) return *enclosure;
  return x.cwiseProduct(y).sum();
}

// The two recurrences of sum_of_squares below: over terms t_k known to lie in [lo_k, hi_k], the
// binary64 sums of the squares of m_k = max(0, lo_k, -hi_k) and of M_k = max(-lo_k, hi_k), the
// least and greatest |t_k|, each with the running sum of magnitudes of point_dot_product.
class SquareSums {
 public:
  void add(double lo, double hi) {
    const double least = std::max(0.0, std::max(lo, -hi)), greatest = std::max(-lo, hi);
    const double p = least * least, q = greatest * greatest;
    s_least_ += p;
    a_least_ += p;  // |p| = p
    a_least_ += std::abs(s_least_);
    s_greatest_ += q;
    a_greatest_ += q;
    a_greatest_ += std::abs(s_greatest_);
  }
  // An enclosure of [sum m_k^2, sum M_k^2] over the n terms added, by point_dot_enclosure's bound
  // on each sum (0 below when every m_k is 0); with `widen` the ends are moved further out by the
  // factors (1 - u)^2 and (1 + u)^2, for terms whose ends were rounded to nearest once (|t_k| is
  // then at least m_k (1 - u) and at most M_k (1 + u)). None when a sum overflows or meets NaN.
  std::optional<DoubleInterval> enclosure(std::size_t n, bool widen) const {
    const std::optional<DoubleInterval> greatest = point_dot_enclosure(s_greatest_, a_greatest_, n);
    const std::optional<DoubleInterval> least = point_dot_enclosure(s_least_, a_least_, n);
    if (!greatest || (!least && a_least_ != 0)) return std::nullopt;
    double lo = least ? std::max(0.0, least->lower()) : 0.0, hi = greatest->upper();
    if (widen) {  // fl(x (1 -+ 4u)) is within x (1 -+ 3u), beyond x (1 -+ u)^2; down/up for subnormals
      lo = lo == 0 ? 0.0 : std::max(0.0, DoubleInterval::down(lo * (1 - 0x1p-51)));
      hi = DoubleInterval::up(hi * (1 + 0x1p-51));
    }
    return DoubleInterval::from_ends(lo, hi);
  }

 private:
  double s_least_ = 0, a_least_ = 0, s_greatest_ = 0, a_greatest_ = 0;
};

// sum_k square(x_k) in interval arithmetic: exact sums of points stay points.
template <class X>
DoubleInterval sum_of_interval_squares(const X& x) {
  DoubleInterval sum(0);
  for (Eigen::Index k = 0; k < x.size(); ++k) sum += square(x.coeff(k));
  return sum;
}

// sum_k x_k^2 for a DoubleInterval vector. Over the box x it ranges over [sum m_k^2, sum M_k^2]
// (SquareSums; the ends of x are exact, so m_k and M_k are too): two binary64 recurrences of a
// few flops a term, enclosed by point_dot_enclosure's bound, instead of an interval square and an
// interval sum a term (two FMA products and two TwoSums, each end checked). When every entry is
// a point it is the interval path instead, a sum of square(x_k) whose exact sums stay points
// (equal tokens, ties; point_dot_product would give them a width); also when a recurrence
// overflows or meets NaN. Never below 0.
template <class X>
DoubleInterval sum_of_squares(const Eigen::MatrixBase<X>& x) {
  const Eigen::Index n = x.size();
  SquareSums sums;
  bool points = true;
  for (Eigen::Index k = 0; k < n; ++k) {
    const DoubleInterval xk = x.coeff(k);
    points = points && xk.lower() == xk.upper();
    sums.add(xk.lower(), xk.upper());
  }
  if (!points)
    if (const std::optional<DoubleInterval> enclosure = sums.enclosure(static_cast<std::size_t>(n), false))
      return *enclosure;
  return sum_of_interval_squares(x);
}

// sum_k (a_k - b_k)^2 for two DoubleInterval vectors (the squared distance of two boxes, as in
// ||y_i - s||): the difference's ends a_lo - b_hi and a_hi - b_lo are rounded to nearest once,
// not enclosed, and SquareSums widens its sums for that rounding, instead of an interval
// subtraction a term (two TwoSums). When every entry of a and b is a point it is the interval path
// (an exact difference of points stays a point); also when a recurrence overflows or meets NaN.
template <class A, class B>
DoubleInterval sum_of_squares(
    const Eigen::CwiseBinaryOp<Eigen::internal::scalar_difference_op<DoubleInterval, DoubleInterval>, A, B>& x) {
  const Eigen::Index n = x.size();
  SquareSums sums;
  bool points = true;
  for (Eigen::Index k = 0; k < n; ++k) {
    const DoubleInterval& a = x.lhs().coeff(k);
    const DoubleInterval& b = x.rhs().coeff(k);
    points = points && a.lower() == a.upper() && b.lower() == b.upper();
    sums.add(a.lower() - b.upper(), a.upper() - b.lower());
  }
  if (!points)
    if (const std::optional<DoubleInterval> enclosure = sums.enclosure(static_cast<std::size_t>(n), true))
      return *enclosure;
  return sum_of_interval_squares(x);
}

// ||x||_2^2. For Interval and DoubleInterval an enclosure of it for every vector in the box; for
// DoubleInterval point_dot_product, else sum_of_squares.
template <class X>
typename X::Scalar squared_norm(const Eigen::MatrixBase<X>& x) {
  if constexpr (std::is_same_v<typename X::Scalar, DoubleInterval>) {
    if (const std::optional<DoubleInterval> enclosure = point_dot_product(x, x)) return *enclosure;
    return sum_of_squares(x.derived());
  } else {
    return x.squaredNorm();
  }
}

// The product K q of a matrix and a vector (nb::product for every type but DoubleInterval).
template <class M, class V>
Vector<typename M::Scalar> matrix_vector_product(const Eigen::MatrixBase<M>& K, const Eigen::MatrixBase<V>& q) {
  if constexpr (std::is_same_v<typename M::Scalar, DoubleInterval>) {
    Vector<DoubleInterval> result(K.rows());
    for (Eigen::Index i = 0; i < K.rows(); ++i) result[i] = dot_product(K.row(i).transpose(), q.col(0));
    return result;
  } else {
    return Vector<typename M::Scalar>(product(K, q));
  }
}

}  // namespace nb
