#pragma once
// The rounding error of a squared Euclidean distance evaluated in binary64, shared by the screens
// of verify/kernels/pair_distances.cpp and the box bounds of verify/kernels/row_box_tree.cpp.
#include <cstddef>

namespace nb {

// Bounds on an exact sum of squared differences D = sum_{k < d} (a_k - b_k)^2 of binary64 values
// from its binary64 evaluation f = fl(sum_k fl(fl(a_k - b_k)^2)) (d non-negative terms summed in
// any order):
//   |f - D| <= gamma_{d+2} D + d 2^-1074,  gamma_n = n u / (1 - n u) <= n 2^-52  (u = 2^-53),
// the second term covering underflow of the squares (Higham, Accuracy and Stability, ch. 3: the
// bound gamma_{d-1} sum |t_k| holds for every order of summation, so for summation in lanes too).
// The bounds below use 4 times both terms, which also absorbs the rounding of their own
// evaluation in binary64: lower(f) <= D <= upper(f) for finite f.
struct SquaredDistanceError {
  double relative, absolute;
  explicit SquaredDistanceError(std::size_t d)
      : relative(4 * (double(d) + 2) * 0x1p-52), absolute(4 * (double(d) + 1) * 0x1p-1074) {}
  double lower(double f) const { return f * (1 - relative) - absolute; }
  double upper(double f) const { return f * (1 + relative) + absolute; }
};

}  // namespace nb
