#include "verify/kernels/entmax15.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace nb::kernels {
namespace {

// x = z/2 shifted by its maximum: the same weights (tau shifts with it), no large sums of squares.
Vector<double> shifted_halves(const Vector<double>& z) { return ((z.array() - z.maxCoeff()) / 2).matrix(); }

double threshold_of_halves(const Vector<double>& x) {
  std::vector<double> sorted(x.data(), x.data() + x.size());
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  double sum = 0, sum_of_squares = 0, tau = 0;
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    sum += sorted[k];
    sum_of_squares += sorted[k] * sorted[k];
    const double size = static_cast<double>(k + 1), mean = sum / size;
    const double spread = size * (sum_of_squares / size - mean * mean);
    const double tau_k = mean - std::sqrt(std::max(0.0, (1 - spread) / size));
    if (tau_k <= sorted[k]) tau = tau_k;
  }
  return tau;
}

}  // namespace

double entmax15_threshold(const Vector<double>& z) { return threshold_of_halves(shifted_halves(z)) + z.maxCoeff() / 2; }

Vector<double> entmax15(const Vector<double>& z) {
  const Vector<double> x = shifted_halves(z);
  const double tau = threshold_of_halves(x);
  return (x.array() - tau).max(0.0).square().matrix();
}

}  // namespace nb::kernels
