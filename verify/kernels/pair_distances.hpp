#pragma once
// Extreme Euclidean distances between rows of an exact matrix (the minimum separation delta of
// Theorem 2, the largest out-of-set distance d_1 of Theorem 1), without evaluating every pair in
// interval arithmetic: the pairs are first screened in binary64, and only those whose distance
// can still be the extreme, by a rigorous bound on the rounding error of the screen, are
// evaluated in R. When an entry is not a binary64 value (a literal such as 0.1) or the screen
// overflows, every pair is a candidate. The direct screen sums (x_ik - x_jk)^2, an error bound
// relative to the distance itself; for the minimum over all L(L-1)/2 pairs a Gram-matrix stage
// (OpenBLAS) first discards most pairs, in blocks that a k-d tree of exact bounding boxes
// (verify/kernels/row_box_tree.hpp) has not already excluded, and the candidates are exactly the direct
// screen's.
#include <cstddef>
#include <utility>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

using RowPair = std::pair<std::size_t, std::size_t>;

// Pairs (i, j), i < j, among which the minimum of ||x_i - x_j||_2 over all pairs of distinct
// rows of X is attained. Requires X.rows() >= 2.
std::vector<RowPair> min_distance_candidates(const ExactTensor& X);

// The direct screen's candidates for the minimum over `pairs` alone: among them, those whose
// distance can be the smallest over `pairs`. min_distance_candidates(X) equals this over all
// pairs i < j, in that order.
std::vector<RowPair> min_distance_candidates_among(const ExactTensor& X, const std::vector<RowPair>& pairs);

// Pairs (a, b), a in A, b in B, among which the maximum of ||x_a - x_b||_2 over A x B is
// attained. Requires A and B non-empty.
std::vector<RowPair> max_distance_candidates(const ExactTensor& X, const std::vector<std::size_t>& A,
                                             const std::vector<std::size_t>& B);

// ||x_a - x_b||_2 computed in R from the exact entries of rows a and b.
template <class R>
R row_distance(const ExactTensor& X, std::size_t a, std::size_t b) {
  using std::sqrt;
  const std::size_t d = X.cols();
  R sum = R(0);
  for (std::size_t k = 0; k < d; ++k) {
    const R t = X.entry<R>(a * d + k) - X.entry<R>(b * d + k);
    sum += t * t;
  }
  return sqrt(max_of(sum, R(0)));  // t * t of an interval around 0 can dip below 0
}

// min_{i < j} ||x_i - x_j||_2 over the rows of X. For Interval an enclosure of the exact minimum.
// Requires X.rows() >= 2.
template <class R>
R min_pairwise_distance(const ExactTensor& X) {
  const std::vector<RowPair> pairs = min_distance_candidates(X);
  R best = row_distance<R>(X, pairs[0].first, pairs[0].second);
  for (std::size_t k = 1; k < pairs.size(); ++k) best = min_of(best, row_distance<R>(X, pairs[k].first, pairs[k].second));
  return best;
}

// max_{a in A, b in B} ||x_a - x_b||_2. For Interval an enclosure of the exact maximum. Requires
// A and B non-empty.
template <class R>
R max_cross_distance(const ExactTensor& X, const std::vector<std::size_t>& A, const std::vector<std::size_t>& B) {
  const std::vector<RowPair> pairs = max_distance_candidates(X, A, B);
  R best = row_distance<R>(X, pairs[0].first, pairs[0].second);
  for (std::size_t k = 1; k < pairs.size(); ++k) best = max_of(best, row_distance<R>(X, pairs[k].first, pairs[k].second));
  return best;
}

}  // namespace nb
