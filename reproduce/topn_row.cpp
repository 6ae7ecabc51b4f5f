#include "reproduce/topn_row.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/random/uniform_int_distribution.hpp>

#include "models/random/random_inputs.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::reproduce {

double permuted_weights_expectation(const Vector<double>& alpha, const Eigen::Ref<const DoubleMatrix>& G,
                                    std::size_t N, std::size_t samples, std::uint64_t seed) {
  const std::size_t L = static_cast<std::size_t>(alpha.size());
  // The weights in decreasing order: a permutation deals sorted[k] to token order[k].
  std::vector<double> sorted(alpha.data(), alpha.data() + L);
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  random::Rng rng(seed);
  std::vector<std::size_t> order(L);
  double total = 0;
  for (std::size_t k = 0; k < samples; ++k) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (std::size_t i = 0; i + 1 < L; ++i)
      std::swap(order[i], order[boost::random::uniform_int_distribution<std::size_t>(i, L - 1)(rng)]);
    // ||a_i x_i - s||^2 = a_i^2 G_ii - 2 a_i <x_i, s> + ||s||^2, s = sum_{p < N} sorted[p] x_{order[p]}.
    double s_squared = 0;
    for (std::size_t p = 0; p < N; ++p)
      for (std::size_t q = 0; q < N; ++q)
        s_squared += sorted[p] * sorted[q] * G(static_cast<Eigen::Index>(order[p]), static_cast<Eigen::Index>(order[q]));
    double distance = 0;
    for (std::size_t m = N; m < L; ++m) {
      const auto i = static_cast<Eigen::Index>(order[m]);
      double to_s = 0;
      for (std::size_t p = 0; p < N; ++p) to_s += sorted[p] * G(i, static_cast<Eigen::Index>(order[p]));
      distance += std::sqrt(std::max(0.0, sorted[m] * sorted[m] * G(i, i) - 2 * sorted[m] * to_s + s_squared));
    }
    total += distance;
  }
  return total / static_cast<double>(samples);
}

double fixed_context_expectation(const Matrix<double>& y, const Selection& I) {
  const auto s = theorems::sum_of_rows(y, I.selected);
  double sum = 0;
  for (Eigen::Index i = 0; i < y.rows(); ++i) sum += (y.row(i) - s).norm();
  const double L = static_cast<double>(y.rows());
  return (L - static_cast<double>(I.selected.size())) / L * sum;
}

TopnRowTerms topn_row_terms(const Case& row, const Eigen::Ref<const DoubleMatrix>& G, std::size_t samples,
                            std::uint64_t seed) {
  const theorems::TokenInput<double> in = theorems::token_input<double>(row);
  const Selection I = theorems::top_n_selection(row);
  const std::size_t N = I.selected.size();
  const Eigen::Index L = in.alpha.size();
  const theorems::FixedSetTerms<double> fixed = theorems::fixed_set_terms(in, row.number("vectors"), I);
  const Matrix<double> block = G.topLeftCorner(L, L);
  random::Rng streams(seed);
  const std::uint64_t uniform_seed = streams(), permuted_seed = streams();
  TopnRowTerms t;
  t.distance = fixed.cumulative;
  t.bound = fixed.cumulative_bound;
  t.uniform_subset = theorems::expected_distance_by_sampling<double>(theorems::weighted_gram(in.alpha, block), N,
                                                                     samples, uniform_seed, 0.5);
  t.uniform_main_sum = theorems::random_set_main_sum(in.y, N);
  t.permuted_weights = permuted_weights_expectation(in.alpha, G, N, samples, permuted_seed);
  t.fixed_context = fixed_context_expectation(in.y, I);
  return t;
}

}  // namespace nb::reproduce
