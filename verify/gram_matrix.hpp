#pragma once
// The Gram matrix G_ij = <x_i, x_j> of the rows of an exact matrix, written once for double,
// Mpfr and Interval, in two ways:
//   gram_matrix          in R: enclosures that shrink as the working precision grows (for
//                        certified claims, which the engine escalates);
//   binary64_gram_matrix dot products in binary64 with a rigorous error bound: O(L^2 d) flops and
//                        only O(L^2) operations in R, but enclosures about 2^-50 relative wide at
//                        every precision (for sampled statistics, which precision cannot decide).
#include <vector>

#include "verify/exact.hpp"
#include "verify/exact_real.hpp"
#include "verify/numbers.hpp"

namespace nb {

// G = X X^T computed in R. For Interval an enclosure of the exact Gram matrix.
template <class R>
Matrix<R> gram_matrix(const ExactTensor& X) {
  const Matrix<R> x = X.to_matrix<R>();
  return product(x, Matrix<R>(x.transpose()));
}

// Binary64 dot products of all pairs of rows of X, whose entries must all be binary64 values,
// and bounds on their errors: |<x_i, x_j> - value| <= error, row-major L x L (infinite or NaN
// when a product overflows).
struct ApproximateGram {
  std::vector<double> value, error;
};
ApproximateGram approximate_gram(const ExactTensor& X);

// G = X X^T from approximate_gram: for Interval the enclosures [value - error, value + error],
// for double and Mpfr the values, for ExactReal gram_matrix (exact). Falls back to gram_matrix
// when an entry of X is not a binary64 value or a dot product overflows.
template <class R>
Matrix<R> binary64_gram_matrix(const ExactTensor& X);

}  // namespace nb
