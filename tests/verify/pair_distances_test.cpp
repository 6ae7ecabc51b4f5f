// Screened extreme distances agree with brute force and are enclosures.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/pair_distances.hpp"

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

// Rows of an input to the screen (L x d, row-major) and what they are.
struct ScreenInput {
  std::string what;
  std::size_t L, d;
  std::vector<double> x;
};

// min_distance_candidates returns exactly the direct screen's candidates over all pairs on each
// input (`note` is added to each failure's trace, e.g. the seed).
void expect_direct_screens_candidates(const std::vector<ScreenInput>& inputs, const std::string& note) {
  for (const ScreenInput& in : inputs) {
    SCOPED_TRACE(in.what + ", L = " + std::to_string(in.L) + ", d = " + std::to_string(in.d) + note);
    const ExactTensor X(in.L, in.d, in.x);
    const std::vector<RowPair> direct = min_distance_candidates_among(X, all_pairs(in.L));
    EXPECT_EQ(min_distance_candidates(X), direct);
    EXPECT_FALSE(direct.empty());
  }
}

// The Gram-matrix stage of min_distance_candidates may only discard pairs that the direct screen
// over all pairs discards too: the candidates must be exactly the direct screen's, on inputs where
// the Gram entries cancel (close rows far from 0), tie, underflow or would overflow, and across
// the blocks of rows that OpenBLAS computes (128 rows each).
TEST(PairDistances, GramStageKeepsExactlyTheDirectScreensCandidates) {
  std::vector<ScreenInput> inputs;
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
  expect_direct_screens_candidates(inputs, "");
}

// The seed of the randomized inputs below: 20261203, or NORMBOUND_PAIR_DISTANCES_SEED to replay
// or vary it; printed either way.
std::uint64_t inputs_seed() {
  std::uint64_t seed = 20261203;
  if (const char* text = std::getenv("NORMBOUND_PAIR_DISTANCES_SEED")) seed = std::strtoull(text, nullptr, 10);
  std::cout << "pair distances inputs seed " << seed << " (replay with NORMBOUND_PAIR_DISTANCES_SEED=" << seed << ")\n";
  return seed;
}

// The k-d tree of exact boxes lets the Gram stage skip blocks of pairs (verify/kernels/row_box_tree.hpp):
// on inputs with structure at the scale of the minimum it skips most of them, so its box bounds
// decide which pairs are screened at all. The candidates must still be exactly the direct
// screen's: on rows with an exact minimum tied across many leaves (lattices, points on a line),
// duplicates, clusters at scales 2^-40 apart, close rows far from 0, magnitudes near both ends of
// binary64 (squares and gaps that underflow, norms just below the Gram stage's DBL_MAX / 16), and
// row counts on both sides of the leaves' 32 rows, up to 2000 rows.
TEST(PairDistances, BoxTreeStageKeepsExactlyTheDirectScreensCandidates) {
  const std::uint64_t seed = inputs_seed();
  random::Rng rng(seed);
  std::vector<ScreenInput> inputs;
  const auto scaled = [](std::vector<double> x, double factor) {
    for (double& v : x) v *= factor;
    return x;
  };
  // L points at random integer multiples t of a Gaussian direction (rounded: near-ties between
  // neighbours, and repeated t: exact duplicates), plus Gaussian noise of deviation `noise`.
  const auto line = [&](std::size_t L, std::size_t d, double noise) {
    const std::vector<double> direction = random::gaussian(rng, d, 1.0);
    std::vector<double> x(L * d);
    for (std::size_t i = 0; i < L; ++i) {
      const double t = static_cast<double>(random::uniform_index(rng, 0, 4 * L));
      for (std::size_t k = 0; k < d; ++k) x[i * d + k] = t * direction[k] + noise * random::gaussian(rng, 1, 1.0)[0];
    }
    return x;
  };
  // Integer points of {0, .., side - 1}^d drawn with repetition: exact ties, exact zeros.
  const auto lattice = [&](std::size_t L, std::size_t d, std::size_t side) {
    std::vector<double> x(L * d);
    for (double& v : x) v = static_cast<double>(random::uniform_index(rng, 0, side - 1));
    return x;
  };
  // Tight Gaussian clusters of 2^-40 around Gaussian centres, a few rows repeated.
  const auto clusters = [&](std::size_t L, std::size_t d) {
    const std::vector<double> centres = random::gaussian(rng, 16 * d, 1.0);
    std::vector<double> x(L * d);
    for (std::size_t i = 0; i < L; ++i) {
      const std::size_t c = random::uniform_index(rng, 0, 15);
      for (std::size_t k = 0; k < d; ++k) x[i * d + k] = centres[c * d + k] + 0x1p-40 * random::gaussian(rng, 1, 1.0)[0];
    }
    for (std::size_t i = 0; i + 7 < L; i += 7)
      std::copy_n(x.begin() + static_cast<std::ptrdiff_t>(i * d), d, x.begin() + static_cast<std::ptrdiff_t>((i + 3) * d));
    return x;
  };
  for (std::size_t L : {31, 32, 33, 64, 65, 97, 1000})
    for (std::size_t d : {1, 2, 8, 64}) inputs.push_back({"gaussian", L, d, random::gaussian(rng, L * d, 1.0)});
  for (std::size_t L : {33, 500, 2000}) {
    inputs.push_back({"points on a line", L, 64, line(L, 64, 0)});
    inputs.push_back({"points on a line with noise", L, 16, line(L, 16, 1e-3)});
    inputs.push_back({"lattice with duplicates", L, 3, lattice(L, 3, 12)});
    inputs.push_back({"clusters at scale 2^-40, duplicates", L, 8, clusters(L, 8)});
  }
  inputs.push_back({"lattice of spacing 2^-1074 (subnormal gaps, squares underflow)", 300, 4,
                    scaled(lattice(300, 4, 40), 0x1p-1074)});
  inputs.push_back({"lattice of spacing 2^-540 (squares underflow)", 300, 4, scaled(lattice(300, 4, 40), 0x1p-540)});
  inputs.push_back({"line of spacing 2^-1000", 500, 8, scaled(line(500, 8, 0.01), 0x1p-1000)});
  // Entries 0 or 2^506 in d = 64: norms up to 2^1018, within a factor 4 of the Gram stage's limit
  // DBL_MAX / 16 (so the stage and its tree are used), and box bounds up to 2^1019.
  inputs.push_back({"lattice near the norm limit", 400, 64, scaled(lattice(400, 64, 2), 0x1p506)});
  inputs.push_back({"line of spacing about 2^500", 400, 2, scaled(line(400, 2, 1e-3), 0x1p500)});
  inputs.push_back({"lattice beyond the norm limit (fallback)", 200, 2, scaled(lattice(200, 2, 5), 0x1p510)});
  {
    std::vector<double> close = random::gaussian(rng, 1000 * 16, 1e-6);
    for (double& v : close) v += 1e4;
    inputs.push_back({"close rows far from 0", 1000, 16, close});
  }
  expect_direct_screens_candidates(inputs, ", seed " + std::to_string(seed));
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
