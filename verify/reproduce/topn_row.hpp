#pragma once
// Theorem 1 of arXiv 2508.17821 on one query row, in binary64, for the sweeps of Algorithms 1-3:
// the true cumulative distance d~ = sum_{i not in I_N} ||alpha_i x_i - s|| of the top-N set, its
// fixed-set bound, and E[d~] under each candidate model of the theorem's random subset (the paper
// does not pin it down), computed side by side:
//   uniform-subset     weights fixed, I uniform over the N-subsets (the theorems'
//                      topn-distance-random): sampled, and its reconstructed main sum M (eps dropped);
//   permuted-weights   the sorted weights dealt to the tokens by a uniformly random permutation, I
//                      the tokens that receive the N largest: sampled;
//   fixed-context      s held at the true top-N context, I uniform: exactly ((L-N)/L) sum_i ||y_i - s||.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "verify/reproduce/attention_heads.hpp"
#include "verify/engine/case.hpp"
#include "verify/kernels/attention_normalizer.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::reproduce {

struct TopnRowTerms {
  double distance = 0;          // d~ of the top-N set
  double bound = 0;             // Theorem 1, fixed I_N: (1-a) d_1 + ((L-N) a - (1-a)) d_2
  double uniform_subset = 0;    // E[d~], weights fixed, I uniform (sampled)
  double uniform_main_sum = 0;  // its main sum M (verify/reproduce/topn_distance.hpp)
  double permuted_weights = 0;  // E[d~], weights randomly permuted over the tokens (sampled)
  double fixed_context = 0;     // E[d~] with s held at the top-N context (exact)
};

// The names of the three expectation models (and the main sum), as tables and figures label them.
inline constexpr const char* kUniformSubset = "uniform-subset";
inline constexpr const char* kUniformMainSum = "uniform-subset-main-sum";
inline constexpr const char* kPermutedWeights = "permuted-weights";
inline constexpr const char* kFixedContext = "fixed-context";

// The terms of `row` (a case with logits, T, vectors and N, N < L) given G = the Gram matrix of
// the row's vectors (at least L x L; its top-left L x L block is used), with the weights of the
// normalizer `n` (the top-N set is that of the logits: every normalizer is monotone). The bound
// is NaN where the weights are off the simplex (sigmoid): Theorem 1's proof uses sum alpha = 1.
// The sampled models draw `samples` subsets (respectively permutations) from `seed`.
TopnRowTerms topn_row_terms(const Case& row, const Eigen::Ref<const DoubleMatrix>& G, std::size_t samples,
                            std::uint64_t seed, kernels::AttentionNormalizer n);

// d~ of the set `selected` when token i carries weight w_i: sum over the other tokens of
// ||w_i x_i - s||, s = sum_{j in selected} w_j x_j, from G = the tokens' Gram matrix
// (||w_i x_i - s||^2 = w_i^2 G_ii - 2 w_i <x_i, s> + ||s||^2): O(L N) operations, G read along
// the rows of the selected tokens, so G must be exactly symmetric (vector_gram's is).
double distance_with_weights(const std::vector<double>& w, const std::vector<std::size_t>& selected,
                             const std::vector<std::size_t>& rest, const Eigen::Ref<const DoubleMatrix>& G);

// E[d~] with the weights alpha fixed and I uniform over the N-subsets, estimated from `samples`
// subsets drawn from `seed` (random_selection: Boost.Random, the same on every platform).
double uniform_subset_expectation(const Vector<double>& alpha, const Eigen::Ref<const DoubleMatrix>& G,
                                  std::size_t N, std::size_t samples, std::uint64_t seed);

// E[d~] when the weights alpha are dealt to the tokens by a uniformly random permutation and I is
// the set of tokens that receive the N largest, estimated from `samples` permutations drawn from
// `seed`. G is the tokens' Gram matrix.
double permuted_weights_expectation(const Vector<double>& alpha, const Eigen::Ref<const DoubleMatrix>& G,
                                    std::size_t N, std::size_t samples, std::uint64_t seed);

// ((L - N)/L) sum_i ||y_i - s||, s = sum_{j in I} y_j: E[d~] over uniform N-subsets with s held at
// that of I. y has one row per token.
double fixed_context_expectation(const RowMatrix<double>& y, const Selection& I);

}  // namespace nb::reproduce
