#include "verify/reproduce/topn_row.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <boost/random/uniform_int_distribution.hpp>

#include "models/random/random_inputs.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/topn_distance.hpp"

namespace nb::reproduce {

double distance_with_weights(const std::vector<double>& w, const std::vector<std::size_t>& selected,
                             const std::vector<std::size_t>& rest, const Eigen::Ref<const DoubleMatrix>& G) {
  const auto at = [&](std::size_t i, std::size_t j) { return G(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)); };
  double s_squared = 0;
  for (std::size_t j : selected)
    for (std::size_t k : selected) s_squared += w[j] * w[k] * at(j, k);
  // sum_{j in selected} w_j G_ij for every token i, selected token by selected token: each sum adds
  // the same terms in the same order as a loop over `selected` per token would, but G is read along
  // row j (which is column j: G is symmetric), contiguously, instead of at N scattered places of
  // every row i. The selected tokens' own sums are computed too and not used.
  thread_local std::vector<double> to_s;
  to_s.assign(w.size(), 0.0);
  for (std::size_t j : selected) {
    const double* row = G.data() + static_cast<Eigen::Index>(j) * G.outerStride();
    for (std::size_t i = 0; i < to_s.size(); ++i) to_s[i] += w[j] * row[i];
  }
  double distance = 0;
  for (std::size_t i : rest)
    distance += std::sqrt(std::max(0.0, w[i] * w[i] * at(i, i) - 2 * w[i] * to_s[i] + s_squared));
  return distance;
}

double uniform_subset_expectation(const Vector<double>& alpha, const Eigen::Ref<const DoubleMatrix>& G,
                                  std::size_t N, std::size_t samples, std::uint64_t seed) {
  const std::size_t L = static_cast<std::size_t>(alpha.size());
  const std::vector<double> w(alpha.data(), alpha.data() + L);
  random::Rng rng(seed);
  double total = 0;
  for (std::size_t k = 0; k < samples; ++k) {
    const Selection I = random_selection(rng, L, N);
    total += distance_with_weights(w, I.selected, I.rest, G);
  }
  return total / static_cast<double>(samples);
}

double permuted_weights_expectation(const Vector<double>& alpha, const Eigen::Ref<const DoubleMatrix>& G,
                                    std::size_t N, std::size_t samples, std::uint64_t seed) {
  const std::size_t L = static_cast<std::size_t>(alpha.size());
  // The weights in decreasing order: a permutation deals sorted[k] to token order[k].
  std::vector<double> sorted(alpha.data(), alpha.data() + L);
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  random::Rng rng(seed);
  std::vector<std::size_t> order(L);
  std::vector<double> w(L);
  double total = 0;
  for (std::size_t k = 0; k < samples; ++k) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (std::size_t i = 0; i + 1 < L; ++i)
      std::swap(order[i], order[boost::random::uniform_int_distribution<std::size_t>(i, L - 1)(rng)]);
    for (std::size_t m = 0; m < L; ++m) w[order[m]] = sorted[m];
    total += distance_with_weights(w, std::vector<std::size_t>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(N)),
                                   std::vector<std::size_t>(order.begin() + static_cast<std::ptrdiff_t>(N), order.end()), G);
  }
  return total / static_cast<double>(samples);
}

double fixed_context_expectation(const RowMatrix<double>& y, const Selection& I) {
  const auto s = sum_of_rows(y, I.selected);
  double sum = 0;
  for (Eigen::Index i = 0; i < y.rows(); ++i) sum += (y.row(i) - s).norm();
  const double L = static_cast<double>(y.rows());
  return (L - static_cast<double>(I.selected.size())) / L * sum;
}

TopnRowTerms topn_row_terms(const Case& row, const Eigen::Ref<const DoubleMatrix>& G, std::size_t samples,
                            std::uint64_t seed, kernels::AttentionNormalizer n) {
  const theorems::TokenInput<double> in = normalized_token_input(row, n);
  const Selection I = theorems::top_n_selection(row);
  const std::size_t N = I.selected.size();
  const theorems::FixedSetTerms<double> fixed = theorems::fixed_set_terms(in, row.number("vectors"), I);
  random::Rng streams(seed);
  const std::uint64_t uniform_seed = streams(), permuted_seed = streams();
  TopnRowTerms t;
  t.distance = fixed.cumulative;
  t.bound = kernels::on_simplex(n) ? fixed.cumulative_bound : std::numeric_limits<double>::quiet_NaN();
  t.uniform_subset = uniform_subset_expectation(in.alpha, G, N, samples, uniform_seed);
  t.uniform_main_sum = theorems::random_set_main_sum(in.y, N);
  t.permuted_weights = permuted_weights_expectation(in.alpha, G, N, samples, permuted_seed);
  t.fixed_context = fixed_context_expectation(in.y, I);
  return t;
}

}  // namespace nb::reproduce
