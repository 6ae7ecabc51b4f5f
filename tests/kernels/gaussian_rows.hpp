#pragma once
// Reproducible Gaussian logit rows of several lengths and scales, for the kernel tests.
#include <random>
#include <vector>

#include "verify/numbers/numbers.hpp"

namespace nb::kernels_test {

inline std::vector<Vector<double>> gaussian_rows() {
  std::mt19937_64 rng(2508178);
  std::normal_distribution<double> normal;
  std::vector<Vector<double>> rows;
  for (int L : {1, 2, 3, 7, 64, 1024})
    for (double scale : {0.01, 1.0, 30.0}) {
      Vector<double> z(L);
      for (int i = 0; i < L; ++i) z[i] = scale * normal(rng);
      rows.push_back(z);
    }
  return rows;
}

// The root of a decreasing function f on [lo, hi] (f(lo) >= 0 >= f(hi)) by 200 bisections.
template <class F>
double bisection_root(F f, double lo, double hi) {
  for (int k = 0; k < 200; ++k) {
    const double mid = (lo + hi) / 2;
    (f(mid) >= 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace nb::kernels_test
