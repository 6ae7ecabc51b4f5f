#pragma once
// Index sets and orderings of a vector, the vocabulary of theorem files for top-N statements
// (Theorem 1 of arXiv 2508.17821): top(v, N) and left_out(v, N), argmax(v), sort(v),
// concat(u, v), and the integers that largest(v, k) and top(v, N) take. What they mean is in
// docs/theorem-files.md; the compiler (formula_program.hpp) calls these on each case.
//
// A set is its indicator vector: entry i is 1 where i is in the set, 0 where it is not, so that
// sets compose with the operators (1 - S is the complement, S * U the intersection) and
// sum(i, S, e), max(i, S, e), min(i, S, e) run i over the members of S.
//
// The order is the paper's: the N largest entries, equal entries taken by the smaller index first
// (the top-N set of verify/engine/token_inputs.hpp). Contract (Arb's): for every point of the entries'
// enclosures, an entry given as 1 (0) is in (out of) that point's top-N set; an entry whose
// enclosures do not decide it (two entries that may be equal or in either order across the N-th
// place) is undecided: [0, 1] for an interval type, unknown in the exact tier and for points
// (NaN), never a guess. Where the vector is an input with an exact value (or such an input times
// a scalar certainly > 0, or softmax of one: the weights are ordered as the logits), the set is
// decided on the exact values: ties included, in every tier.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "verify/formula/formula_value.hpp"
#include "verify/formula/partial_operation.hpp"
#include "verify/kernels/kth_largest.hpp"
#include "verify/kernels/top_n.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {

// An end of an enclosure as a double (for an index or a count: exact for integers below 2^53).
inline double end_as_double(double x) { return x; }
inline double end_as_double(const Mpfr& x) { return static_cast<double>(x); }

// The value of x when it is certainly one integer (every point of its enclosure; decided by
// Calcium in the exact tier), else none.
template <class R>
std::optional<std::int64_t> integer_value(const R& x) {
  if constexpr (is_gradient_v<R>) {
    return integer_value(x.value);
  } else if constexpr (is_exact_number_v<R>) {
    if (!x.is_number()) return std::nullopt;
    const double guess = std::round(end_as_double(midpoint_of(enclosure_of(x))));
    if (!(std::abs(guess) < 9.0e15)) return std::nullopt;
    const auto k = static_cast<std::int64_t>(guess);
    if (sign_of(ExactReal(x - ExactReal(k))) != ExactSign::Zero) return std::nullopt;
    return k;
  } else {
    using End = std::decay_t<decltype(lower_end_of(x))>;
    const double lo = end_as_double(lower_end_of(x));
    // Both ends the same integer (an Mpfr end that is no double is no integer below 2^53).
    if (!(std::abs(lo) < 9.0e15) || lo != std::floor(lo) || !(lower_end_of(x) == End(lo)) ||
        !(upper_end_of(x) == End(lo)))
      return std::nullopt;
    return static_cast<std::int64_t>(lo);
  }
}

// Unknown in R: NaN, ExactReal's unknown (with `why`), a gradient's unknown value.
template <class R>
R unknown_of(const std::string& why) {
  if constexpr (is_exact_number_v<R>) return R::unknown(why);
  else if constexpr (is_gradient_v<R>) return unknown_like(R(0));
  else return not_a_number<R>();
}

// The value of an undecided member of a set (see the top).
template <class R>
R undecided_member() {
  if constexpr (is_interval_v<R>) return between(decltype(lower_end_of(R()))(0), decltype(lower_end_of(R()))(1));
  else if constexpr (is_exact_number_v<R>) return R::unknown("the top-N set of computed exact numbers is undecided");
  else if constexpr (is_gradient_v<R>) return unknown_like(R(0));
  else return not_a_number<R>();
}

// The indicator vector of the N largest entries of the exact vector `values` (ties: smaller index).
template <class R>
Vector<R> top_set_of_exact(const ExactTensor& values, std::size_t N) {
  Vector<R> mask(static_cast<Eigen::Index>(values.size()));
  for (Eigen::Index i = 0; i < mask.size(); ++i) mask[i] = R(0);
  for (const std::size_t i : top_n(values, N).selected) mask[static_cast<Eigen::Index>(i)] = R(1);
  return mask;
}

// The indicator vector of the N largest entries of v (0 <= N <= v.size(); see the top). Points
// (double, Mpfr) are sorted; enclosures are compared pairwise: i is certainly in the set when
// fewer than N entries may precede it, certainly out when N entries certainly do.
template <class R>
Vector<R> top_set(const Vector<R>& v, std::size_t N) {
  const auto L = static_cast<std::size_t>(v.size());
  Vector<R> mask(v.size());
  if constexpr (std::is_floating_point_v<R> || std::is_same_v<R, Mpfr>) {
    for (Eigen::Index i = 0; i < v.size(); ++i)
      if (!(v[i] == v[i])) {  // NaN: unknown
        for (Eigen::Index k = 0; k < v.size(); ++k) mask[k] = undecided_member<R>();
        return mask;
      }
    std::vector<std::size_t> order(L);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return v[static_cast<Eigen::Index>(a)] > v[static_cast<Eigen::Index>(b)];
    });
    for (std::size_t k = 0; k < L; ++k) mask[static_cast<Eigen::Index>(order[k])] = R(k < N ? 1 : 0);
    return mask;
  } else if constexpr (is_exact_number_v<R>) {
    // j precedes i: v_j >= v_i for j < i, v_j > v_i for j > i (Calcium decides, or not).
    for (std::size_t i = 0; i < L; ++i) {
      std::size_t certain = 0, possible = 0;
      for (std::size_t j = 0; j < L; ++j) {
        if (j == i) continue;
        const ExactSign s = sign_of(ExactReal(v[static_cast<Eigen::Index>(j)] - v[static_cast<Eigen::Index>(i)]));
        const bool yes = s == ExactSign::Positive || (s == ExactSign::Zero && j < i);
        const bool no = s == ExactSign::Negative || (s == ExactSign::Zero && j > i);
        certain += yes ? 1 : 0;
        possible += no ? 0 : 1;
      }
      mask[static_cast<Eigen::Index>(i)] = possible < N ? R(1) : certain >= N ? R(0) : undecided_member<R>();
    }
    return mask;
  } else {
    // Interval types and gradients (on their values over the box): the ends, read once.
    const auto ends = [](const R& x) {
      if constexpr (is_gradient_v<R>) return std::pair(lower_end_of(x.value), upper_end_of(x.value));
      else return std::pair(lower_end_of(x), upper_end_of(x));
    };
    using End = std::decay_t<decltype(ends(v[0]).first)>;
    std::vector<End> lo(L), hi(L);
    for (std::size_t i = 0; i < L; ++i) std::tie(lo[i], hi[i]) = ends(v[static_cast<Eigen::Index>(i)]);
    for (std::size_t i = 0; i < L; ++i) {
      std::size_t certain = 0, possible = 0;
      for (std::size_t j = 0; j < L; ++j) {
        if (j == i) continue;
        // NaN ends compare false both ways: possible, not certain.
        const bool yes = j < i ? lo[j] >= hi[i] : lo[j] > hi[i];
        const bool no = j < i ? hi[j] < lo[i] : hi[j] <= lo[i];
        certain += yes ? 1 : 0;
        possible += no ? 0 : 1;
      }
      mask[static_cast<Eigen::Index>(i)] = possible < N ? R(1) : certain >= N ? R(0) : undecided_member<R>();
    }
    return mask;
  }
}

// The members of the set whose indicator vector is `mask`, in increasing order, or none where an
// entry is undecided. Throws std::invalid_argument naming an entry that is certainly neither 0
// nor 1 (a vector that is no set).
template <class R>
std::optional<std::vector<std::size_t>> members_of(const Vector<R>& mask) {
  std::vector<std::size_t> members;
  bool undecided = false;
  for (Eigen::Index i = 0; i < mask.size(); ++i) {
    if constexpr (std::is_same_v<R, DoubleInterval> || std::is_same_v<R, double>) {  // the common case, fast
      const double lo = lower_end_of(mask[i]), hi = upper_end_of(mask[i]);
      if (lo == hi && (lo == 0 || lo == 1)) {
        if (lo == 1) members.push_back(static_cast<std::size_t>(i));
        continue;
      }
    }
    const std::optional<std::int64_t> k = integer_value(mask[i]);
    if (k == 1) members.push_back(static_cast<std::size_t>(i));
    else if (k == 0) continue;
    else if (k) throw std::invalid_argument("entry " + std::to_string(i) + " is " + std::to_string(*k) + ", neither 0 nor 1");
    else undecided = true;
  }
  if (undecided) return std::nullopt;
  return members;
}

// argmax(v) as a number: the index of the set top(v, 1) (the first of equal largest entries); where
// that is undecided, for an interval type the hull of the indices that may be it, else unknown.
template <class R>
R index_of_largest(const Vector<R>& top_one) {
  std::size_t first = 0, last = 0;
  bool any = false;
  for (Eigen::Index i = 0; i < top_one.size(); ++i) {
    if (integer_value(top_one[i]) == 0) continue;
    if (!any) first = static_cast<std::size_t>(i);
    last = static_cast<std::size_t>(i);
    any = true;
  }
  if (any && first == last) return R(first);
  if constexpr (is_interval_v<R>) {
    if (any) return between(decltype(lower_end_of(R()))(first), decltype(lower_end_of(R()))(last));
  }
  return undecided_member<R>();
}

// The entries of the exact vector `values` in decreasing order (equal ones by increasing index).
template <class R>
Vector<R> sorted_exact(const ExactTensor& values) {
  const std::vector<std::size_t> order = descending_order(values);
  Vector<R> out(static_cast<Eigen::Index>(order.size()));
  for (std::size_t k = 0; k < order.size(); ++k) out[static_cast<Eigen::Index>(k)] = values.entry<R>(order[k]);
  return out;
}

// v in decreasing order. Entry k of an interval type encloses the k-th largest of every point of
// the enclosures: the k-th largest lower end to the k-th largest upper end (each monotone in
// every entry, as in verify/kernels/kth_largest.hpp). Computed exact numbers are not ordered here
// (unknown); an input is sorted on its exact value (sorted_exact).
template <class R>
Vector<R> sorted(const Vector<R>& v) {
  Vector<R> out(v.size());
  if constexpr (is_exact_number_v<R>) {
    for (Eigen::Index k = 0; k < v.size(); ++k) out[k] = R::unknown("sort of computed exact numbers");
  } else {
    auto ends = entry_ends(v);
    if (!ends) {
      for (Eigen::Index k = 0; k < v.size(); ++k) out[k] = not_a_number<R>();
      return out;
    }
    auto& [lower, upper] = *ends;
    std::sort(lower.begin(), lower.end(), std::greater<>());
    std::sort(upper.begin(), upper.end(), std::greater<>());
    for (Eigen::Index k = 0; k < v.size(); ++k) {
      if constexpr (is_interval_v<R>) out[k] = between(lower[static_cast<std::size_t>(k)], upper[static_cast<std::size_t>(k)]);
      else out[k] = lower[static_cast<std::size_t>(k)];
    }
  }
  return out;
}

// u followed by v.
template <class R>
Vector<R> concatenated(const Vector<R>& u, const Vector<R>& v) {
  Vector<R> out(u.size() + v.size());
  for (Eigen::Index i = 0; i < u.size(); ++i) out[i] = u[i];
  for (Eigen::Index i = 0; i < v.size(); ++i) out[u.size() + i] = v[i];
  return out;
}

}  // namespace nb::formula
