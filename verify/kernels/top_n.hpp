#pragma once
// The top-N set I_N of the paper and the other N-subsets that its random-set statement averages
// over. I_N is decided from the exact inputs, never from rounded or interval weights: the
// weights alpha = softmax(l / T) with T > 0 are ordered exactly as the logits l, so the N
// largest weights are the N largest exact logits, ties broken by the smaller index.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <boost/random/uniform_int_distribution.hpp>

#include "verify/kernels/uniform_index.hpp"
#include "verify/numbers/exact.hpp"

namespace nb {

// An N-subset of {0, ..., L-1} and its complement, both in increasing order.
struct Selection {
  std::vector<std::size_t> selected, rest;
};

// The selection {selected} of {0, ..., L-1} with its complement. `selected` must hold distinct
// indices below L, in increasing order.
Selection selection_of(std::size_t L, std::vector<std::size_t> selected);

// The indices of the N largest entries of `values` (a vector), ties broken in favour of the
// smaller index. The comparison is exact for every entry ExactTensor can hold (binary64 values,
// decimal literals, fractions). Requires 0 <= N <= values.size().
Selection top_n(const ExactTensor& values, std::size_t N);

// The indices of `values` (a vector) from its largest entry to its smallest, equal entries in
// increasing index order, compared exactly as top_n compares them.
std::vector<std::size_t> descending_order(const ExactTensor& values);

// Whether entries i and j of `values` are equal, decided exactly (as top_n compares them).
bool exactly_equal(const ExactTensor& values, std::size_t i, std::size_t j);

// C(n, k), or UINT64_MAX when it does not fit in 64 bits.
std::uint64_t binomial(std::uint64_t n, std::uint64_t k);

// Calls visit(const Selection&) once for each of the C(L, N) N-subsets of {0, ..., L-1}, in
// lexicographic order of `selected`. Requires N <= L.
template <class Visit>
void for_each_selection(std::size_t L, std::size_t N, Visit visit) {
  std::vector<std::size_t> subset(N);
  for (std::size_t k = 0; k < N; ++k) subset[k] = k;
  while (true) {
    visit(selection_of(L, subset));
    // Advance to the next combination: bump the rightmost index that can still move.
    std::size_t k = N;
    while (k > 0 && subset[k - 1] == L - N + (k - 1)) --k;
    if (k == 0) return;
    ++subset[k - 1];
    for (std::size_t j = k; j < N; ++j) subset[j] = subset[j - 1] + 1;
  }
}

// A uniformly random N-subset of {0, ..., L-1} (partial Fisher-Yates shuffle with Boost's
// uniform_int_distribution, so a seeded engine gives the same subset on every platform).
// Requires N <= L.
template <class Rng>
Selection random_selection(Rng& rng, std::size_t L, std::size_t N) {
  std::vector<std::size_t> order(L);
  for (std::size_t i = 0; i < L; ++i) order[i] = i;
  for (std::size_t k = 0; k < N; ++k) {
    const std::size_t j = boost::random::uniform_int_distribution<std::size_t>(k, L - 1)(rng);
    std::swap(order[k], order[j]);
  }
  order.resize(N);
  std::sort(order.begin(), order.end());
  return selection_of(L, std::move(order));
}

// Uniformly random k-subsets of {0, ..., L-1} (in the order drawn, which is not uniform), in
// O(k) whatever L: Floyd's algorithm with Boost's uniform_int_distribution (UniformIndex, its
// draws made once per range), so a seeded engine gives the same subsets on every platform.
// `marks` must hold L zeros; they are zeros again on return. Requires k <= L.
class RandomDistinctIndices {
 public:
  RandomDistinctIndices(std::size_t L, std::size_t k) : L_(L) {
    for (std::size_t j = L - k; j < L; ++j) index_.emplace_back(j);
  }
  template <class Rng>
  void operator()(Rng& rng, std::vector<char>& marks, std::vector<std::size_t>& out) const {
    out.clear();
    for (std::size_t n = 0; n < index_.size(); ++n) {
      const std::size_t j = L_ - index_.size() + n;
      std::size_t t = index_[n](rng);
      if (marks[t]) t = j;  // j is not drawn yet: every earlier draw is below j
      marks[t] = 1;
      out.push_back(t);
    }
    for (std::size_t t : out) marks[t] = 0;
  }

 private:
  std::size_t L_;
  std::vector<UniformIndex> index_;  // of 0..j for j = L - k, ..., L - 1
};

// One random k-subset, as RandomDistinctIndices(L, k) draws it.
template <class Rng>
void random_distinct_indices(Rng& rng, std::size_t L, std::size_t k, std::vector<char>& marks,
                             std::vector<std::size_t>& out) {
  RandomDistinctIndices(L, k)(rng, marks, out);
}

}  // namespace nb
