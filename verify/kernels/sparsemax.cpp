#include "verify/kernels/sparsemax.hpp"

#include <algorithm>
#include <functional>
#include <vector>

namespace nb::kernels {

double sparsemax_threshold(const Vector<double>& z) {
  std::vector<double> sorted(z.data(), z.data() + z.size());
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  double sum = 0, tau = 0;
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    sum += sorted[k];
    const double size = static_cast<double>(k + 1);
    // The support condition holds for an initial run of k, so the last k meeting it is |S|.
    if (1 + size * sorted[k] > sum) tau = (sum - 1) / size;
  }
  return tau;
}

Vector<double> sparsemax(const Vector<double>& z) {
  const double tau = sparsemax_threshold(z);
  return (z.array() - tau).max(0.0).matrix();
}

}  // namespace nb::kernels
