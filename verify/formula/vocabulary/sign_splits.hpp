#pragma once
// Sign splits as formula vocabulary: sign_split(v), the largest (1^T v)^2 - (s^T v)^2 over the sign
// vectors s in {-1, 1}^n, without cancellation. With A = {i : s_i = +1},
//   (1^T v)^2 - (s^T v)^2 = (1^T v - s^T v)(1^T v + s^T v) = 4 v(A^c) v(A),
// so sign_split(v) = 4 max_A v(A) v(A^c), over the 2^(n-1) sets A holding index 0 (s and -s give
// the same value), n <= kMaxSignSplitLength. Of weights summing to 1 it is 1 - min_s (s^T a)^2,
// T times the softmax Jacobian's infinity-to-one norm; a product of two sums of positive weights
// keeps its relative accuracy where 1 - m^2 at m near 1 (a saturated softmax) would leave only
// rounding error. Contract, for every number type R (double and Mpfr approximate; DoubleInterval,
// Interval and ArbInterval enclose it for every point of the inputs, as each candidate is a
// product of sums of the entries' enclosures and the max of enclosures encloses the max; ExactReal
// is exact where Calcium orders the candidates, unknown otherwise). No derivative kernel: a max
// over sets is piecewise.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "verify/formula/vocabulary/normalizers.hpp"
#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {

// 2^15 sets of up to 16 terms each.
inline constexpr Eigen::Index kMaxSignSplitLength = 16;

namespace sign_splits {

template <class R>
R sign_split(const Vector<R>& v) {
  const Eigen::Index n = v.size();
  if (n > kMaxSignSplitLength)
    throw VocabularyMisuse("sign_split enumerates 2^(n-1) sign vectors: a vector of length " + std::to_string(n) +
                           " exceeds the limit of " + std::to_string(kMaxSignSplitLength));
  if (n == 0) return R(0);
  std::vector<R> candidates;
  candidates.reserve(std::size_t{1} << (n - 1));
  for (std::size_t set = 0; set < (std::size_t{1} << (n - 1)); ++set) {
    R in = v[0], out = R(0);
    for (Eigen::Index i = 1; i < n; ++i) ((set >> (i - 1)) & 1 ? in : out) += v[i];
    candidates.push_back(R(R(4) * in * out));
  }
  return normalizers::fold_max(candidates);
}

}  // namespace sign_splits

// The kernel of `name` in R, or an empty function where the name is not this family's (or, for
// the prove gradients, has no derivative kernel).
template <class R>
VocabularyKernel<R> sign_split_kernel(const std::string& name) {
  if constexpr (!is_gradient_v<R>)
    if (name == "sign_split")
      return [](std::span<const Operand<R>> a) -> Value<R> { return sign_splits::sign_split(*a[0].vector); };
  return {};
}

// The family's entries (sign_splits.cpp).
const std::vector<VocabularyEntry>& sign_split_entries();

}  // namespace nb::formula
