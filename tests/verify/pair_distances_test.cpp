// Screened extreme distances agree with brute force and are enclosures.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/pair_distances.hpp"

namespace nb {
namespace pair_distances_test {

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

std::vector<RowPair> all_pairs(std::size_t L) {
  std::vector<RowPair> pairs;
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = i + 1; j < L; ++j) pairs.emplace_back(i, j);
  return pairs;
}

// The Gram-matrix stage of min_distance_candidates may only discard pairs that the direct screen
// over all pairs discards too: the candidates must be exactly the direct screen's, on inputs where
// the Gram entries cancel (close rows far from 0), tie, underflow or would overflow, and across
// the blocks of rows that OpenBLAS computes (128 rows each).
TEST(PairDistances, GramStageKeepsExactlyTheDirectScreensCandidates) {
  struct Input {
    std::string what;
    std::size_t L, d;
    std::vector<double> x;
  };
  std::vector<Input> inputs;
  random::Rng rng(20261202);
  for (std::size_t L : {2, 3, 129, 300})
    for (std::size_t d : {1, 3, 64}) inputs.push_back({"gaussian", L, d, random::gaussian(rng, L * d, 1.0)});
  const auto shifted = [&](std::size_t L, std::size_t d, double offset, double spread) {
    std::vector<double> x = random::gaussian(rng, L * d, spread);
    for (double& v : x) v += offset;
    return x;
  };
  inputs.push_back({"close rows far from 0", 200, 16, shifted(200, 16, 1e4, 1e-6)});
  inputs.push_back({"tiny, squares underflow", 150, 8, shifted(150, 8, 0, 1e-160)});
  inputs.push_back({"huge, norms beyond DBL_MAX / 16", 40, 4, shifted(40, 4, 0, 1e153)});
  inputs.push_back({"large, Gram stage still used", 40, 4, shifted(40, 4, 0, 1e100)});
  std::vector<double> circle;  // 180 points of a circle around (1e4, 1e4): every neighbour ties
  for (int k = 0; k < 180; ++k)
    for (double v : {1e4 + std::cos(k * M_PI / 90), 1e4 + std::sin(k * M_PI / 90)}) circle.push_back(v);
  inputs.push_back({"near-ties on a circle", 180, 2, circle});
  std::vector<double> lattice;  // integer points with repeated rows: exact ties and zero distances
  for (int k = 0; k < 150; ++k)
    for (int c = 0; c < 3; ++c) lattice.push_back(static_cast<double>((k * (c + 3)) % 7));
  inputs.push_back({"lattice with duplicates", 150, 3, lattice});
  for (const Input& in : inputs) {
    SCOPED_TRACE(in.what + ", L = " + std::to_string(in.L) + ", d = " + std::to_string(in.d));
    const ExactTensor X(in.L, in.d, in.x);
    const std::vector<RowPair> direct = min_distance_candidates_among(X, all_pairs(in.L));
    EXPECT_EQ(min_distance_candidates(X), direct);
    EXPECT_FALSE(direct.empty());
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

}  // namespace pair_distances_test
}  // namespace nb
