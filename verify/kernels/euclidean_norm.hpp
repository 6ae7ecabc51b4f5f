#pragma once
// The Euclidean norm of a vector of double, Mpfr, Interval or DoubleInterval entries.
#include <cmath>
#include <type_traits>

#include "verify/kernels/dot_product.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// ||v||_2. For Interval an enclosure of the norm of every vector in the box. The enclosure of
// the squared norm is clamped at 0 before the square root: its lower end can dip below 0 because
// x * x does not know that both factors are the same number, and sqrt of such an interval is NaN.
// For DoubleInterval the squared norm is sum_of_squares, not squared_norm's binary64 dot product
// of points: a norm whose square is an exact sum of points stays a point (equal tokens, ties),
// which lets the binary64 tier decide such cases EQUAL (exact); with the dot product's error bound
// two EQUAL cases of check --all went on to MPFI.
template <class Derived>
typename Derived::Scalar euclidean_norm(const Eigen::MatrixBase<Derived>& v) {
  using std::sqrt;
  using R = typename Derived::Scalar;
  if constexpr (std::is_same_v<R, DoubleInterval>) {
    return sqrt(sum_of_squares(v.derived()));
  } else {
    return sqrt(max_of(R(v.squaredNorm()), R(0)));
  }
}

}  // namespace nb
