#pragma once
// The enumeration of expectation(S, subset(L, N), e) over classes of equal tokens: where e is
// shown symmetric (subset_symmetry.hpp) and tokens t, u have the same values of every leaf (the
// same enclosure; in the exact tier, equal as Calcium decides; a weight's values at tokens where
// its partner's rows are zero are not compared), every subset taking m_c tokens of each class c
// gives e the same value, so the mean over the C(L, N) subsets is
//   sum over (m_c) with sum m_c = N, 0 <= m_c <= n_c, of prod_c C(n_c, m_c) e(S_m) / C(L, N),
// S_m one subset of those (the first m_c tokens of each class). Over boxes of inputs, the
// enclosure of e at S_m holds e at every subset of the orbit for every point of the box
// (subset_symmetry.hpp), so the grouped sum encloses the mean as the full one does. Derivatives
// are never grouped (the grouped sum equals the mean at the point, not near it).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "verify/formula/formula_program.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::formula {

// The leaves of a symmetric body, compiled: each a vector or a matrix whose first axis is the
// tokens; weight_of as SubsetSymmetry's.
template <class R>
struct TokenLeaves {
  std::vector<ExprPtr<R>> leaves;
  std::vector<int> weight_of;
};

// Whether two values of R are certainly the same number: the same enclosure, equal points, or
// exact numbers Calcium decides equal.
template <class R>
bool same_token_value(const R& x, const R& y) {
  if constexpr (is_exact_number_v<R>) return decide_comparison(x, y, 4) == Decision::True;
  else if constexpr (is_interval_v<R>) return lower_end_of(x) == lower_end_of(y) && upper_end_of(x) == upper_end_of(y);
  else return x == y;
}

// Whether R's enumeration may be grouped: derivatives are not.
template <class R>
inline constexpr bool groups_tokens_v = is_exact_number_v<R> || is_interval_v<R> || std::is_same_v<R, double> ||
                                        std::is_same_v<R, Mpfr>;

// The classes of tokens 0..L-1 with the same leaf values, each increasing, in order of their
// first token; empty where a leaf's first axis is not L long or its value cannot be computed
// (the enumeration then meets that as it would have).
template <class R>
std::vector<std::vector<std::size_t>> token_classes(Frame<R>& fr, const TokenLeaves<R>& t, std::size_t L) {
  std::vector<Matrix<R>> rows;  // each leaf as rows by token (a vector: one column)
  try {
    for (const ExprPtr<R>& leaf : t.leaves) {
      if (leaf->shape == Shape::Vector) rows.push_back(Matrix<R>(leaf->vector(fr)));
      else if (leaf->shape == Shape::Matrix) rows.push_back(leaf->matrix(fr));
      else return {};
      if (static_cast<std::size_t>(rows.back().rows()) != L) return {};
    }
  } catch (const OutsideDomain&) {
    return {};
  } catch (const FormulaError&) {
    return {};
  }
  const auto zero_row = [&](std::size_t leaf, std::size_t token) {
    const auto& m = rows[leaf];
    for (Eigen::Index k = 0; k < m.cols(); ++k)
      if (decide_comparison(m(static_cast<Eigen::Index>(token), k), R(0), 4) != Decision::True) return false;
    return true;
  };
  const auto same_row = [&](std::size_t leaf, std::size_t a, std::size_t b) {
    const auto& m = rows[leaf];
    for (Eigen::Index k = 0; k < m.cols(); ++k)
      if (!same_token_value(m(static_cast<Eigen::Index>(a), k), m(static_cast<Eigen::Index>(b), k))) return false;
    return true;
  };
  // Leaves that are no weight first (the rows a weight's comparison may be skipped for).
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (t.weight_of[k] < 0) order.push_back(k);
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (t.weight_of[k] >= 0) order.push_back(k);
  const auto same_token = [&](std::size_t a, std::size_t b) {
    for (const std::size_t k : order) {
      const int of = t.weight_of[k];
      if (of >= 0 && zero_row(static_cast<std::size_t>(of), a) && zero_row(static_cast<std::size_t>(of), b)) continue;
      if (!same_row(k, a, b)) return false;
    }
    return true;
  };
  std::vector<std::vector<std::size_t>> classes;
  for (std::size_t token = 0; token < L; ++token) {
    auto c = std::find_if(classes.begin(), classes.end(),
                          [&](const std::vector<std::size_t>& x) { return same_token(x.front(), token); });
    if (c == classes.end()) classes.push_back({token});
    else c->push_back(token);
  }
  return classes;
}

// How many choices (m_c) of sum N, 0 <= m_c <= n_c, the classes have, at most `cap` + 1: the
// coefficient of x^k in prod_c (1 + ... + x^{n_c}), k the smaller of N and L - N (a choice and
// its complement n_c - m_c are as many).
inline std::uint64_t class_choices(const std::vector<std::vector<std::size_t>>& classes, std::size_t L, std::size_t N,
                                   std::uint64_t cap) {
  const std::size_t k = std::min(N, L - N);
  std::vector<std::uint64_t> ways(k + 1, 0);
  ways[0] = 1;
  for (const auto& c : classes) {
    std::vector<std::uint64_t> next(k + 1, 0);
    for (std::size_t s = 0; s <= k; ++s)
      for (std::size_t m = 0; m <= c.size() && s + m <= k; ++m) next[s + m] = std::min(cap + 1, next[s + m] + ways[s]);
    ways = std::move(next);
  }
  return ways[k];
}

// The sum over the choices (m_c) of prod_c C(n_c, m_c) times the body at the subset of the first
// m_c tokens of each class (members and listed as the enumeration sets them).
template <class R>
R grouped_subset_sum(Frame<R>& fr, Vector<R>& members, std::vector<std::size_t>& listed, std::size_t N,
                     const std::vector<std::vector<std::size_t>>& classes, const ExprPtr<R>& body) {
  const std::size_t K = classes.size();
  std::vector<std::size_t> room(K + 1, 0);  // room[c]: the tokens of classes c, c + 1, ...
  for (std::size_t c = K; c-- > 0;) room[c] = room[c + 1] + classes[c].size();
  std::vector<std::size_t> taken(K, 0);
  // The greatest choice in lexicographic order with `left` tokens from classes from, from + 1, ...
  const auto fill = [&](std::size_t from, std::size_t left) {
    for (std::size_t c = from; c < K; ++c) {
      taken[c] = std::min(left, classes[c].size());
      left -= taken[c];
    }
  };
  fill(0, N);
  R total = R(0);
  while (true) {
    listed.clear();
    std::uint64_t weight = 1;
    for (std::size_t c = 0; c < K; ++c) {
      listed.insert(listed.end(), classes[c].begin(), classes[c].begin() + static_cast<std::ptrdiff_t>(taken[c]));
      weight *= binomial(classes[c].size(), taken[c]);
    }
    std::sort(listed.begin(), listed.end());
    for (const std::size_t j : listed) members[static_cast<Eigen::Index>(j)] = R(1);
    total += R(weight) * body->scalar(fr);
    for (const std::size_t j : listed) members[static_cast<Eigen::Index>(j)] = R(0);
    // The next smaller choice: one token fewer from the last class p that can give one to the
    // classes after it, which then take the most they can.
    std::size_t after = 0, p = K;
    while (p > 0) {
      --p;
      if (taken[p] > 0 && room[p + 1] > after) break;
      after += taken[p];
      if (p == 0) {
        p = K;
        break;
      }
    }
    if (p == K) break;
    --taken[p];
    fill(p + 1, after + 1);
  }
  return total;
}

}  // namespace nb::formula
