#pragma once
// The Gram matrix G_ij = <x_i, x_j> of the rows of an exact matrix, written once for every number
// type, in two ways:
//   gram_matrix          in R: enclosures that shrink as the working precision grows (for
//                        certified claims, which the engine escalates);
//   binary64_gram_matrix dot products in binary64 with a rigorous error bound: O(L^2 d) flops and
//                        only O(L^2) operations in R, but enclosures about 2^-50 relative wide at
//                        every precision (for sampled statistics, which precision cannot decide).
#include <cstddef>
#include <type_traits>
#include <vector>

#include "verify/kernels/dot_product.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// G = X X^T computed in R. For Interval an enclosure of the exact Gram matrix.
template <class R>
Matrix<R> gram_matrix(const ExactTensor& X) {
  const RowMatrix<R> x = X.to_matrix<R>();
  return product(x, Matrix<R>(x.transpose()));
}

// The entries of G that Theorem 2's quantities read: the rows of a few tokens and the diagonal,
// O(|rows| L d) operations instead of the O(L^2 d) of the whole matrix (at L = 1024 and five
// selected tokens, 200 times fewer).
template <class R>
struct GramRows {
  Matrix<R> rows;      // rows(p, m) = <x_{indices[p]}, x_m>
  Vector<R> diagonal;  // diagonal[m] = <x_m, x_m>
};

// The rows `indices` of G = x x^T and its diagonal for the rows of a matrix x of R, computed in R
// (for Interval enclosures; for DoubleInterval each entry one binary64 dot product with its error
// bound, dot_product).
template <class R, class X>
GramRows<R> gram_rows_of(const Eigen::MatrixBase<X>& x, const std::vector<std::size_t>& indices) {
  if constexpr (std::is_same_v<R, DoubleInterval>) {
    GramRows<R> g{Matrix<R>(static_cast<Eigen::Index>(indices.size()), x.rows()), Vector<R>(x.rows())};
    for (Eigen::Index m = 0; m < x.rows(); ++m) {
      for (std::size_t p = 0; p < indices.size(); ++p)
        g.rows(static_cast<Eigen::Index>(p), m) = dot_product(x.row(static_cast<Eigen::Index>(indices[p])), x.row(m));
      g.diagonal[m] = squared_norm(x.row(m));
    }
    return g;
  } else {
    Matrix<R> picked(static_cast<Eigen::Index>(indices.size()), x.cols());
    for (std::size_t p = 0; p < indices.size(); ++p)
      picked.row(static_cast<Eigen::Index>(p)) = x.row(static_cast<Eigen::Index>(indices[p]));
    GramRows<R> g{product(picked, Matrix<R>(x.transpose())), Vector<R>(x.rows())};
    for (Eigen::Index m = 0; m < x.rows(); ++m) {
      R sum = R(0);
      for (Eigen::Index k = 0; k < x.cols(); ++k) sum += x(m, k) * x(m, k);
      g.diagonal[m] = sum;
    }
    return g;
  }
}

// The rows `indices` of G = X X^T and its diagonal, computed in R from the exact entries of X.
template <class R>
GramRows<R> gram_rows(const ExactTensor& X, const std::vector<std::size_t>& indices) {
  return gram_rows_of<R>(X.to_matrix<R>(), indices);
}

// Binary64 dot products of rows of X, whose entries must all be binary64 values, and bounds on
// their errors: |<x_i, x_j> - value| <= error (infinite or NaN when a product overflows).
struct ApproximateGram {
  std::vector<double> value, error;
};
// All pairs, row-major L x L.
ApproximateGram approximate_gram(const ExactTensor& X);
// The rows `indices` against every row, row-major |indices| x L, then the diagonal (L entries).
ApproximateGram approximate_gram_rows(const ExactTensor& X, const std::vector<std::size_t>& indices);

// G = X X^T from approximate_gram: for Interval the enclosures [value - error, value + error],
// for double and Mpfr the values, for ExactReal gram_matrix (exact). Falls back to gram_matrix
// when an entry of X is not a binary64 value or a dot product overflows.
template <class R>
Matrix<R> binary64_gram_matrix(const ExactTensor& X);

// gram_rows from approximate_gram_rows, with the same enclosures and fallback (exact for ExactReal).
template <class R>
GramRows<R> binary64_gram_rows(const ExactTensor& X, const std::vector<std::size_t>& indices);

}  // namespace nb
