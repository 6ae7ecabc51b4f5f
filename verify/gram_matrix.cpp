#include "verify/gram_matrix.hpp"

#include <cmath>

namespace nb {

// Recursive summation of d products (Higham, Accuracy and Stability, ch. 3):
//   |fl(sum_k a_k b_k) - sum_k a_k b_k| <= gamma_d sum_k |a_k b_k| + d 2^-1074,
// gamma_d = d u / (1 - d u) <= d 2^-52 (u = 2^-53), the second term covering underflow. The sum of
// |a_k b_k| is itself computed in binary64 (within a factor 1 + gamma_d). The bound below takes
// 4 (d + 2) 2^-52 and 4 (d + 1) 2^-1074, which also covers the rounding of value +- error when
// the enclosure is formed.
ApproximateGram approximate_gram(const ExactTensor& X) {
  const std::size_t L = X.rows(), d = X.cols();
  const double relative = 4 * (double(d) + 2) * 0x1p-52, absolute = 4 * (double(d) + 1) * 0x1p-1074;
  ApproximateGram g{std::vector<double>(L * L), std::vector<double>(L * L)};
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = i; j < L; ++j) {
      double dot = 0, magnitude = 0;
      for (std::size_t k = 0; k < d; ++k) {
        const double p = X.approx(i * d + k) * X.approx(j * d + k);
        dot += p;
        magnitude += std::abs(p);
      }
      g.value[i * L + j] = g.value[j * L + i] = dot;
      g.error[i * L + j] = g.error[j * L + i] = relative * magnitude + absolute;
    }
  return g;
}

namespace {

// The binary64 route applies when nothing overflowed.
bool finite(const ApproximateGram& g) {
  for (std::size_t k = 0; k < g.value.size(); ++k)
    if (!std::isfinite(g.value[k]) || !std::isfinite(g.error[k])) return false;
  return true;
}

}  // namespace

template <>
Matrix<Interval> binary64_gram_matrix<Interval>(const ExactTensor& X) {
  if (!X.all_dyadic()) return gram_matrix<Interval>(X);
  const ApproximateGram g = approximate_gram(X);
  if (!finite(g)) return gram_matrix<Interval>(X);
  const auto L = static_cast<Eigen::Index>(X.rows());
  Matrix<Interval> G(L, L);
  for (Eigen::Index k = 0; k < L * L; ++k) {
    const double v = g.value[static_cast<std::size_t>(k)], e = g.error[static_cast<std::size_t>(k)];
    mpfi_interv_d(G(k / L, k % L).backend().data(), v - e, v + e);
  }
  return G;
}

template <class R>
Matrix<R> binary64_point_gram(const ExactTensor& X) {
  if (!X.all_dyadic()) return gram_matrix<R>(X);
  const ApproximateGram g = approximate_gram(X);
  if (!finite(g)) return gram_matrix<R>(X);
  const auto L = static_cast<Eigen::Index>(X.rows());
  Matrix<R> G(L, L);
  for (Eigen::Index k = 0; k < L * L; ++k) G(k / L, k % L) = point_of<R>(g.value[static_cast<std::size_t>(k)]);
  return G;
}

template <>
Matrix<double> binary64_gram_matrix<double>(const ExactTensor& X) {
  return binary64_point_gram<double>(X);
}

template <>
Matrix<Mpfr> binary64_gram_matrix<Mpfr>(const ExactTensor& X) {
  return binary64_point_gram<Mpfr>(X);
}

// The exact Gram matrix: the value the binary64 one approximates.
template <>
Matrix<ExactReal> binary64_gram_matrix<ExactReal>(const ExactTensor& X) {
  return gram_matrix<ExactReal>(X);
}

}  // namespace nb
