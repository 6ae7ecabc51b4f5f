#pragma once
// The Euclidean norm of a vector of double, Mpfr or Interval entries.
#include <cmath>

#include "verify/numbers.hpp"

namespace nb {

// ||v||_2. For Interval an enclosure of the norm of every vector in the box. The enclosure of
// the squared norm is clamped at 0 before the square root: its lower end can dip below 0 because
// x * x does not know that both factors are the same number, and sqrt of such an interval is NaN.
template <class Derived>
typename Derived::Scalar euclidean_norm(const Eigen::MatrixBase<Derived>& v) {
  using std::sqrt;
  using R = typename Derived::Scalar;
  return sqrt(max_of(R(v.squaredNorm()), R(0)));
}

}  // namespace nb
