#include "verify/kernels/gram_matrix.hpp"

#include <cmath>
#include <utility>

namespace nb {
namespace {

// Recursive summation of d products (Higham, Accuracy and Stability, ch. 3):
//   |fl(sum_k a_k b_k) - sum_k a_k b_k| <= gamma_d sum_k |a_k b_k| + d 2^-1074,
// gamma_d = d u / (1 - d u) <= d 2^-52 (u = 2^-53), the second term covering underflow. The sum of
// |a_k b_k| is itself computed in binary64 (within a factor 1 + gamma_d). The bound below takes
// 4 (d + 2) 2^-52 and 4 (d + 1) 2^-1074, which also covers the rounding of value +- error when
// the enclosure is formed.
class ApproximateDot {
 public:
  explicit ApproximateDot(const ExactTensor& X)
      : X_(X), d_(X.cols()), relative_(4 * (double(d_) + 2) * 0x1p-52), absolute_(4 * (double(d_) + 1) * 0x1p-1074) {}

  // <x_i, x_j> and the bound on its error.
  std::pair<double, double> operator()(std::size_t i, std::size_t j) const {
    double dot = 0, magnitude = 0;
    for (std::size_t k = 0; k < d_; ++k) {
      const double p = X_.approx(i * d_ + k) * X_.approx(j * d_ + k);
      dot += p;
      magnitude += std::abs(p);
    }
    return {dot, relative_ * magnitude + absolute_};
  }

 private:
  const ExactTensor& X_;
  std::size_t d_;
  double relative_, absolute_;
};

// The binary64 route applies when nothing overflowed.
bool finite(const ApproximateGram& g) {
  for (std::size_t k = 0; k < g.value.size(); ++k)
    if (!std::isfinite(g.value[k]) || !std::isfinite(g.error[k])) return false;
  return true;
}

// An entry of G in R from its binary64 value and error bound: the enclosure for interval types,
// the value for the others.
template <class R>
R gram_entry(const ApproximateGram& g, std::size_t k) {
  if constexpr (is_interval_v<R>) return enclosure_of_doubles<R>(g.value[k] - g.error[k], g.value[k] + g.error[k]);
  else return point_of<R>(g.value[k]);
}

}  // namespace

ApproximateGram approximate_gram(const ExactTensor& X) {
  const std::size_t L = X.rows();
  const ApproximateDot dot(X);
  ApproximateGram g{std::vector<double>(L * L), std::vector<double>(L * L)};
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = i; j < L; ++j) {
      const auto [value, error] = dot(i, j);
      g.value[i * L + j] = g.value[j * L + i] = value;
      g.error[i * L + j] = g.error[j * L + i] = error;
    }
  return g;
}

ApproximateGram approximate_gram_rows(const ExactTensor& X, const std::vector<std::size_t>& indices) {
  const std::size_t L = X.rows();
  const ApproximateDot dot(X);
  ApproximateGram g;
  const auto push = [&](std::size_t i, std::size_t j) {
    const auto [value, error] = dot(i, j);
    g.value.push_back(value);
    g.error.push_back(error);
  };
  for (std::size_t i : indices)
    for (std::size_t m = 0; m < L; ++m) push(i, m);
  for (std::size_t m = 0; m < L; ++m) push(m, m);
  return g;
}

// For ExactReal the exact Gram matrix, the value the binary64 one approximates.
template <class R>
Matrix<R> binary64_gram_matrix(const ExactTensor& X) {
  if (is_exact_number_v<R> || !X.all_dyadic()) return gram_matrix<R>(X);
  const ApproximateGram g = approximate_gram(X);
  if (!finite(g)) return gram_matrix<R>(X);
  const auto L = static_cast<Eigen::Index>(X.rows());
  Matrix<R> G(L, L);
  for (Eigen::Index k = 0; k < L * L; ++k) G(k / L, k % L) = gram_entry<R>(g, static_cast<std::size_t>(k));
  return G;
}

template <class R>
GramRows<R> binary64_gram_rows(const ExactTensor& X, const std::vector<std::size_t>& indices) {
  if (is_exact_number_v<R> || !X.all_dyadic()) return gram_rows<R>(X, indices);
  const ApproximateGram g = approximate_gram_rows(X, indices);
  if (!finite(g)) return gram_rows<R>(X, indices);
  const auto L = static_cast<Eigen::Index>(X.rows()), n = static_cast<Eigen::Index>(indices.size());
  GramRows<R> G{Matrix<R>(n, L), Vector<R>(L)};
  for (Eigen::Index k = 0; k < n * L; ++k) G.rows(k / L, k % L) = gram_entry<R>(g, static_cast<std::size_t>(k));
  for (Eigen::Index m = 0; m < L; ++m) G.diagonal[m] = gram_entry<R>(g, static_cast<std::size_t>(n * L + m));
  return G;
}

template Matrix<double> binary64_gram_matrix<double>(const ExactTensor&);
template Matrix<Mpfr> binary64_gram_matrix<Mpfr>(const ExactTensor&);
template Matrix<Interval> binary64_gram_matrix<Interval>(const ExactTensor&);
template Matrix<DoubleInterval> binary64_gram_matrix<DoubleInterval>(const ExactTensor&);
template GramRows<double> binary64_gram_rows<double>(const ExactTensor&, const std::vector<std::size_t>&);
template GramRows<Mpfr> binary64_gram_rows<Mpfr>(const ExactTensor&, const std::vector<std::size_t>&);
template GramRows<Interval> binary64_gram_rows<Interval>(const ExactTensor&, const std::vector<std::size_t>&);
template GramRows<DoubleInterval> binary64_gram_rows<DoubleInterval>(const ExactTensor&, const std::vector<std::size_t>&);
template Matrix<ExactReal> binary64_gram_matrix<ExactReal>(const ExactTensor&);
template GramRows<ExactReal> binary64_gram_rows<ExactReal>(const ExactTensor&, const std::vector<std::size_t>&);

}  // namespace nb
