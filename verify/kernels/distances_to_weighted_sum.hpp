#pragma once
// Distances of Theorem 2 of arXiv 2508.17821 from a weighted sum over a selected set, written once
// for every number type. For weights alpha, rows x_m and a selected set I (increasing indices),
// y_m = alpha_m x_m and s = sum_{j in I} y_j:
//   for k in I:      ||s - y_k||_2 = ||o_k||_2, o_k = sum_{j in I \ k} alpha_j x_j,
//                    ||o_k||^2 = sum_{j in I \ k} alpha_j <o_k, x_j>;
//   for i not in I:  ||s - y_i||^2 = ||s||^2 - 2 alpha_i <s, x_i> + alpha_i^2 ||x_i||^2.
// All inner products come from the rows of I of the Gram matrix G = X X^T and its diagonal
// (GramRows): O(N L d) operations for G, then O(L N) for everything here, instead of O(L^2 d).
// Whether k in I is nearer to s than every token left out (the count N_s of eq. (10) with the
// paper's radius r = min_{i not in I} ||s - y_i||) is decided on
//   ||s - y_i||^2 - ||s - y_k||^2 = 2 <o_k, y_k - y_i> + ||y_k - y_i||^2 > 0   for every i not in I,
// in this form: the two squared distances, both close to ||s||^2 when the weights of k and i are
// tiny, would cancel and leave comparisons that no working precision decides (weights like
// e^-4096 occur at T = 1/64), and that rounding decides wrongly for points.
// Contract: for interval types every output encloses the exact value for every point of the
// inputs' enclosures; a comparison that the enclosures leave undecided counts as [0, 1]
// (verify/kernels/indicator.hpp); ExactReal is exact or unknown.
#include <cstddef>
#include <vector>

#include "verify/kernels/gram_matrix.hpp"
#include "verify/kernels/indicator.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

template <class R>
class DistancesToWeightedSum {
 public:
  // alpha (length L), the rows `selected` of G with its diagonal (GramRows, rows in the order of
  // `selected`), and the selected indices in increasing order.
  DistancesToWeightedSum(const Vector<R>& alpha, const GramRows<R>& G, std::vector<std::size_t> selected)
      : alpha_(alpha), G_(G), selected_(std::move(selected)) {
    const std::size_t L = static_cast<std::size_t>(alpha.size()), N = selected_.size();
    // o_[p][m] = <o_k, x_m> for k = selected_[p], and g_[m] = <s, x_m>, as prefix + suffix sums
    // over I: no alpha_k G_km is added and then subtracted again, so that tiny weights keep their
    // relative accuracy and the sums over I \ k are exactly 0 at N = 1.
    o_.assign(N, std::vector<R>(L));
    g_.resize(L);
    std::vector<R> suffix(N + 1);
    for (std::size_t m = 0; m < L; ++m) {
      suffix[N] = R(0);
      for (std::size_t p = N; p-- > 0;) suffix[p] = suffix[p + 1] + a(selected_[p]) * row(p, m);
      R prefix = R(0);
      for (std::size_t p = 0; p < N; ++p) {
        o_[p][m] = prefix + suffix[p + 1];
        prefix += a(selected_[p]) * row(p, m);
      }
      g_[m] = prefix;
    }
    s_squared_ = R(0);
    for (std::size_t j : selected_) s_squared_ += a(j) * g_[j];
  }

  // ||s - y_k|| for k = selected[p].
  R of_selected(std::size_t p) const {
    R square = R(0);  // <o_k, o_k> = sum_{j in I \ k} alpha_j <o_k, x_j>
    for (std::size_t q = 0; q < selected_.size(); ++q)
      if (q != p) square += a(selected_[q]) * o_[p][selected_[q]];
    return root(square);
  }

  // ||s - y_i|| for a token i left out of I.
  R of_left_out(std::size_t i) const {
    return root(s_squared_ - R(2) * a(i) * g_[i] + a(i) * a(i) * G_.diagonal[static_cast<Eigen::Index>(i)]);
  }

  // 1{||s - y_k|| < ||s - y_i|| for every i in `left_out`}, k = selected[p], by the gaps above.
  R nearer_than_every(std::size_t p, const std::vector<std::size_t>& left_out) const {
    const std::size_t k = selected_[p];
    R counted = R(1);
    for (std::size_t i : left_out) {
      const R gap = R(2) * (a(k) * o_[p][k] - a(i) * o_[p][i]) + a(k) * a(k) * norm_squared(k) -
                    R(2) * a(k) * a(i) * row(p, i) + a(i) * a(i) * norm_squared(i);
      counted *= indicator_less(R(0), gap);
    }
    return counted;
  }

 private:
  const R& a(std::size_t j) const { return alpha_[static_cast<Eigen::Index>(j)]; }
  const R& row(std::size_t p, std::size_t m) const {
    return G_.rows(static_cast<Eigen::Index>(p), static_cast<Eigen::Index>(m));
  }
  const R& norm_squared(std::size_t m) const { return G_.diagonal[static_cast<Eigen::Index>(m)]; }
  static R root(const R& square) {
    using std::sqrt;
    return sqrt(max_of(square, R(0)));  // a square of an interval around 0 can dip below 0
  }

  const Vector<R>& alpha_;
  const GramRows<R>& G_;
  std::vector<std::size_t> selected_;
  std::vector<std::vector<R>> o_;
  std::vector<R> g_;
  R s_squared_;
};

}  // namespace nb
