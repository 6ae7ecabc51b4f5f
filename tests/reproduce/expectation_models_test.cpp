// The three random-subset models of Theorem 1 (reproduce/topn_row.hpp) against exact enumeration
// on small L, written out here from their definitions with plain vector norms: every N-subset for
// the uniform-subset and fixed-context models, every permutation of the weights for the
// permuted-weights model. Sampled estimates must lie within 5 standard errors (exact variances).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <boost/random/normal_distribution.hpp>

#include "models/random/random_inputs.hpp"
#include "verify/reproduce/topn_row.hpp"

namespace nb::reproduce {
namespace {

struct Tokens {
  std::vector<double> alpha;
  std::vector<std::vector<double>> x;
  DoubleMatrix G;
};

Tokens random_tokens(std::size_t L, std::size_t d, std::uint64_t seed) {
  random::Rng rng(seed);
  boost::random::normal_distribution<double> normal;
  Tokens t;
  double sum = 0;
  for (std::size_t i = 0; i < L; ++i) {
    t.alpha.push_back(std::exp(2 * normal(rng)));
    sum += t.alpha.back();
    t.x.emplace_back();
    for (std::size_t k = 0; k < d; ++k) t.x.back().push_back(normal(rng));
  }
  for (double& a : t.alpha) a /= sum;
  t.G.resize(static_cast<Eigen::Index>(L), static_cast<Eigen::Index>(L));
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = 0; j < L; ++j)
      t.G(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
          std::inner_product(t.x[i].begin(), t.x[i].end(), t.x[j].begin(), 0.0);
  return t;
}

// d~ = sum_{i not in S} ||w_i x_i - sum_{j in S} w_j x_j|| from the vectors themselves.
double direct_distance(const std::vector<double>& w, const std::vector<std::vector<double>>& x, const std::vector<bool>& in) {
  const std::size_t d = x[0].size();
  std::vector<double> s(d, 0.0);
  for (std::size_t j = 0; j < x.size(); ++j)
    if (in[j])
      for (std::size_t k = 0; k < d; ++k) s[k] += w[j] * x[j][k];
  double total = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (in[i]) continue;
    double sq = 0;
    for (std::size_t k = 0; k < d; ++k) sq += (w[i] * x[i][k] - s[k]) * (w[i] * x[i][k] - s[k]);
    total += std::sqrt(sq);
  }
  return total;
}

struct Moments {
  double mean = 0, variance = 0;
};

Moments moments(const std::vector<double>& v) {
  Moments m;
  for (double x : v) m.mean += x / static_cast<double>(v.size());
  for (double x : v) m.variance += (x - m.mean) * (x - m.mean) / static_cast<double>(v.size());
  return m;
}

std::vector<std::vector<bool>> all_subsets(std::size_t L, std::size_t N) {
  std::vector<bool> mask(L, false);
  std::fill(mask.end() - static_cast<std::ptrdiff_t>(N), mask.end(), true);
  std::vector<std::vector<bool>> subsets;
  do subsets.push_back(mask);
  while (std::next_permutation(mask.begin(), mask.end()));
  return subsets;
}

constexpr std::size_t kSamples = 20000;

TEST(ExpectationModels, UniformSubsetMatchesEnumeration) {
  for (std::size_t L : {4u, 6u})
    for (std::size_t N = 1; N < L; ++N) {
      const Tokens t = random_tokens(L, 3, 100 + L * 10 + N);
      std::vector<double> values;
      for (const auto& in : all_subsets(L, N)) values.push_back(direct_distance(t.alpha, t.x, in));
      const Moments exact = moments(values);
      const Vector<double> alpha = Eigen::Map<const Vector<double>>(t.alpha.data(), static_cast<Eigen::Index>(L));
      const double sampled = uniform_subset_expectation(alpha, t.G, N, kSamples, 7);
      EXPECT_NEAR(sampled, exact.mean, 5 * std::sqrt(exact.variance / kSamples) + 1e-12) << "L " << L << " N " << N;
    }
}

TEST(ExpectationModels, PermutedWeightsMatchesEnumeration) {
  for (std::size_t L : {4u, 6u})
    for (std::size_t N = 1; N < L; ++N) {
      const Tokens t = random_tokens(L, 3, 200 + L * 10 + N);
      std::vector<double> sorted = t.alpha;
      std::sort(sorted.begin(), sorted.end(), std::greater<>());
      std::vector<std::size_t> perm(L);
      std::iota(perm.begin(), perm.end(), std::size_t{0});
      std::vector<double> values;
      do {  // token perm[k] receives the k-th largest weight; the first N form the set
        std::vector<double> w(L);
        std::vector<bool> in(L, false);
        for (std::size_t k = 0; k < L; ++k) w[perm[k]] = sorted[k];
        for (std::size_t k = 0; k < N; ++k) in[perm[k]] = true;
        values.push_back(direct_distance(w, t.x, in));
      } while (std::next_permutation(perm.begin(), perm.end()));
      const Moments exact = moments(values);
      const Vector<double> alpha = Eigen::Map<const Vector<double>>(t.alpha.data(), static_cast<Eigen::Index>(L));
      const double sampled = permuted_weights_expectation(alpha, t.G, N, kSamples, 11);
      EXPECT_NEAR(sampled, exact.mean, 5 * std::sqrt(exact.variance / kSamples) + 1e-12) << "L " << L << " N " << N;
    }
}

TEST(ExpectationModels, FixedContextIsTheExactMeanOverSubsets) {
  const std::size_t L = 6, N = 2;
  const Tokens t = random_tokens(L, 4, 300);
  // I = the two largest weights; s held at their context while the left-out set is uniform.
  std::vector<std::size_t> order(L);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return t.alpha[a] > t.alpha[b]; });
  std::vector<std::size_t> top(order.begin(), order.begin() + N), rest(order.begin() + N, order.end());
  std::sort(top.begin(), top.end());
  std::sort(rest.begin(), rest.end());
  std::vector<double> s(4, 0.0);
  for (std::size_t j : top)
    for (std::size_t k = 0; k < 4; ++k) s[k] += t.alpha[j] * t.x[j][k];
  double exact = 0;
  const auto subsets = all_subsets(L, N);
  for (const auto& in : subsets)
    for (std::size_t i = 0; i < L; ++i)
      if (!in[i]) {
        double sq = 0;
        for (std::size_t k = 0; k < 4; ++k) sq += (t.alpha[i] * t.x[i][k] - s[k]) * (t.alpha[i] * t.x[i][k] - s[k]);
        exact += std::sqrt(sq) / static_cast<double>(subsets.size());
      }
  RowMatrix<double> y(static_cast<Eigen::Index>(L), 4);
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t k = 0; k < 4; ++k) y(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = t.alpha[i] * t.x[i][k];
  EXPECT_NEAR(fixed_context_expectation(y, selection_of(L, top)), exact, 1e-12);
}

TEST(ExpectationModels, DistanceFromTheGramMatrixIsTheDirectOne) {
  const Tokens t = random_tokens(7, 5, 400);
  const std::vector<bool> in{false, true, false, false, true, true, false};
  EXPECT_NEAR(distance_with_weights(t.alpha, {1, 4, 5}, {0, 2, 3, 6}, t.G), direct_distance(t.alpha, t.x, in), 1e-12);
}

}  // namespace
}  // namespace nb::reproduce
