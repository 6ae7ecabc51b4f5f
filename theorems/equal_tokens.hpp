#pragma once
// Classes of tokens with equal y_i = alpha_i x_i, decided on the exact inputs, and the choices of
// how many tokens a subset takes from each class. Subsets that take the same number from every
// class have the same s_I and the same distances, so an expectation over all N-subsets needs
// each such choice once, weighted by its number of subsets: the C(L, N) subsets of one non-zero
// token among L - 1 zero tokens are 2 choices. That is what makes exact (Calcium) evaluations of
// the degenerate cases that attain the bounds affordable, where every norm is a square root.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::theorems {

struct EqualTokenClasses {
  std::vector<std::size_t> first;  // the smallest index of each class, increasing
  std::vector<std::size_t> size;   // the number of tokens of each class
};

// Every token a class of its own.
inline EqualTokenClasses singleton_classes(std::size_t L) {
  EqualTokenClasses classes;
  for (std::size_t i = 0; i < L; ++i) {
    classes.first.push_back(i);
    classes.size.push_back(1);
  }
  return classes;
}

// Tokens i and j share a class when y_i = y_j is certain from the exact inputs: both x rows are 0
// (whatever their weights), or the x rows are equal entry by entry and so are the logits (equal
// weights). Candidates are found by their binary64 approximations (equal exact values have
// equal approximations), then compared exactly.
inline EqualTokenClasses equal_token_classes(const Case& c) {
  const ExactTensor& x = c.number("vectors");
  const ExactTensor& logits = c.number("logits");
  const std::size_t L = x.rows(), d = x.cols();
  const auto is_zero = [&](std::size_t e) { return x.is_dyadic(e) ? x.approx(e) == 0.0 : x.exact(e) == 0; };
  std::vector<bool> zero_row(L, true);
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t k = 0; k < d && zero_row[i]; ++k) zero_row[i] = is_zero(i * d + k);
  const auto same_token = [&](std::size_t i, std::size_t j) {
    if (zero_row[i] || zero_row[j]) return zero_row[i] && zero_row[j];
    if (!exactly_equal(logits, i, j)) return false;
    for (std::size_t k = 0; k < d; ++k)
      if (!exactly_equal(x, i * d + k, j * d + k)) return false;
    return true;
  };
  std::vector<std::size_t> class_of(L);
  EqualTokenClasses classes;
  std::map<std::vector<double>, std::vector<std::size_t>> classes_by_approximation;  // key: logit, then row
  for (std::size_t i = 0; i < L; ++i) {
    std::vector<double> key;
    if (!zero_row[i]) {
      key.push_back(logits.approx(i));
      for (std::size_t k = 0; k < d; ++k) key.push_back(x.approx(i * d + k));
    }
    std::vector<std::size_t>& candidates = classes_by_approximation[key];
    bool found = false;
    for (std::size_t k : candidates)
      if (same_token(classes.first[k], i)) {
        ++classes.size[k];
        found = true;
        break;
      }
    if (!found) {
      candidates.push_back(classes.first.size());
      classes.first.push_back(i);
      classes.size.push_back(1);
    }
  }
  return classes;
}

// Calls visit(taken) once for every way of taking taken[c] <= size[c] tokens from each class
// with sum_c taken[c] = N, in lexicographic order of the subsets' smallest members (largest
// taken[0] first); with singleton classes, the order of for_each_selection. Requires N <= L.
template <class Visit>
void for_each_class_count(const EqualTokenClasses& classes, std::size_t N, Visit visit) {
  const std::size_t K = classes.size.size();
  std::vector<std::size_t> capacity_after(K + 1, 0);  // tokens in classes c..K-1
  for (std::size_t c = K; c-- > 0;) capacity_after[c] = capacity_after[c + 1] + classes.size[c];
  std::vector<std::size_t> taken(K, 0);
  const auto choose = [&](const auto& self, std::size_t c, std::size_t remaining) -> void {
    if (c == K) {
      visit(static_cast<const std::vector<std::size_t>&>(taken));
      return;
    }
    const std::size_t most = std::min(classes.size[c], remaining);
    const std::size_t least = remaining > capacity_after[c + 1] ? remaining - capacity_after[c + 1] : 0;
    for (std::size_t k = most + 1; k-- > least;) {
      taken[c] = k;
      self(self, c + 1, remaining - k);
    }
  };
  choose(choose, 0, N);
}

// The number of subsets that make the choice `taken`: prod_c C(size[c], taken[c]).
inline std::uint64_t subsets_of_choice(const EqualTokenClasses& classes, const std::vector<std::size_t>& taken) {
  std::uint64_t count = 1;
  for (std::size_t c = 0; c < taken.size(); ++c) count *= binomial(classes.size[c], taken[c]);
  return count;
}

}  // namespace nb::theorems
