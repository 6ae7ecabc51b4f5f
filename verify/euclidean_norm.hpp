#pragma once
// The Euclidean norm of a vector of double, Mpfr, Interval or DoubleInterval entries.
#include <cmath>
#include <type_traits>

#include "verify/numbers.hpp"

namespace nb {

// ||v||_2. For Interval an enclosure of the norm of every vector in the box. The enclosure of
// the squared norm is clamped at 0 before the square root: its lower end can dip below 0 because
// x * x does not know that both factors are the same number, and sqrt of such an interval is NaN.
// For DoubleInterval the squares are square(x), which knows both factors are the same number.
template <class Derived>
typename Derived::Scalar euclidean_norm(const Eigen::MatrixBase<Derived>& v) {
  using std::sqrt;
  using R = typename Derived::Scalar;
  if constexpr (std::is_same_v<R, DoubleInterval>) {
    R sum = R(0);
    for (Eigen::Index k = 0; k < v.size(); ++k) sum += square(v.coeff(k));
    return sqrt(sum);
  } else {
    return sqrt(max_of(R(v.squaredNorm()), R(0)));
  }
}

}  // namespace nb
