#pragma once
// Rows drawn i.i.d. uniformly on the sphere of radius `radius` in R^d: a Gaussian direction per
// row (Boost's normal distribution), normalized and scaled in binary64, so each row lies within a
// few ulps of the sphere; a zero draw, of probability 0, is drawn again. The random suites
// (models/random) and sampled expectations over the sphere (verify/formula/vocabulary/
// sphere_expectations.hpp) draw with this, so that the same generator state gives the same rows.
#include <cmath>
#include <cstddef>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

namespace nb {

// `rows` rows of d entries each, row after row.
inline std::vector<double> sphere_rows(boost::random::mt19937_64& rng, std::size_t rows, std::size_t d, double radius) {
  std::vector<double> v;
  v.reserve(rows * d);
  std::vector<double> row(d);
  for (std::size_t r = 0; r < rows; ++r) {
    double norm = 0;
    do {
      boost::random::normal_distribution<double> normal(0.0, 1.0);
      for (double& x : row) x = normal(rng);
      norm = 0;
      for (const double x : row) norm += x * x;
    } while (norm == 0);
    norm = std::sqrt(norm);
    for (const double x : row) v.push_back(radius * x / norm);
  }
  return v;
}

}  // namespace nb
