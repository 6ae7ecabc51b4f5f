// Screened extreme distances agree with brute force and are enclosures.
#include <cmath>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/pair_distances.hpp"

namespace nb {
namespace {

double distance(const std::vector<double>& x, std::size_t d, std::size_t a, std::size_t b) {
  double sum = 0;
  for (std::size_t k = 0; k < d; ++k) sum += (x[a * d + k] - x[b * d + k]) * (x[a * d + k] - x[b * d + k]);
  return std::sqrt(sum);
}

TEST(PairDistances, MinimumAndMaximumMatchBruteForce) {
  set_working_precision(128);
  for (int trial = 0; trial < 20; ++trial) {
    random::Rng rng(trial);
    const std::size_t L = 3 + trial, d = 1 + trial % 5;
    const std::vector<double> x = random::gaussian(rng, L * d, 1.0);
    const ExactTensor X(L, d, x);
    double lo = INFINITY, hi = 0;
    std::vector<std::size_t> A, B;
    for (std::size_t i = 0; i < L; ++i) (i % 3 == 0 ? A : B).push_back(i);
    for (std::size_t i = 0; i < L; ++i)
      for (std::size_t j = i + 1; j < L; ++j) lo = std::min(lo, distance(x, d, i, j));
    for (std::size_t a : A)
      for (std::size_t b : B) hi = std::max(hi, distance(x, d, a, b));
    EXPECT_NEAR(min_pairwise_distance<double>(X), lo, 1e-12 * (1 + lo));
    EXPECT_NEAR(max_cross_distance<double>(X, A, B), hi, 1e-12 * (1 + hi));
    EXPECT_NEAR(min_pairwise_distance<Interval>(X).convert_to<double>(), lo, 1e-12 * (1 + lo));
    EXPECT_LT(min_distance_candidates(X).size(), L * (L - 1) / 2 + 1);
  }
}

TEST(PairDistances, TiesKeepEveryTiedPair) {
  // Four corners of a square: four sides tie for the minimum, two diagonals for the maximum.
  const ExactTensor X(4, 2, {0, 0, 1, 0, 1, 1, 0, 1});
  EXPECT_EQ(min_distance_candidates(X).size(), 4u);
  EXPECT_EQ(max_distance_candidates(X, {0, 1}, {2, 3}).size(), 2u);  // the diagonals 0-2 and 1-3
  EXPECT_EQ(min_pairwise_distance<double>(X), 1.0);
  EXPECT_DOUBLE_EQ(max_cross_distance<double>(X, {0, 1}, {2, 3}), std::sqrt(2.0));
}

TEST(PairDistances, LiteralEntriesAreNotScreened) {
  nlohmann::json j = {{"shape", {3u, 1u}}, {"values", {"0.1", "0.2", "0.35"}}};
  const ExactTensor X = ExactTensor::from_json(j, "x");
  EXPECT_EQ(min_distance_candidates(X).size(), 3u);  // every pair is evaluated in R
  set_working_precision(128);
  const Interval delta = min_pairwise_distance<Interval>(X);  // 0.2 - 0.1, enclosed at 128 bits
  EXPECT_TRUE(-upper_end_of(Interval(-delta)) <= Mpfr("0.1") && Mpfr("0.1") <= upper_end_of(delta));
}

}  // namespace
}  // namespace nb
