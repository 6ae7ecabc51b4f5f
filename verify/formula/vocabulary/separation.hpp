#pragma once
// Theorem 2's geometry as formula vocabulary: the minimum separation of token vectors, the
// distances of the tokens from the weighted sum over a selected set, and how many selected tokens
// are nearer to that sum than every token left out (arXiv 2508.17821, Theorem 2 and eq. (10)).
// Contracts, for every number type R (double and Mpfr approximate; DoubleInterval and Interval
// enclose: the output encloses the exact value for every point of the inputs; ExactReal is exact
// or unknown):
//   separation(X)               min_{i != j} ||X_i - X_j||_2 over the rows of X (at least two).
//       Of an input whose exact value the run has, only the pairs a rigorous binary64 screen
//       leaves as candidates are evaluated in R (verify/kernels/pair_distances.hpp); otherwise
//       every pair.
//   distances_to_sum(a, X, S)   the vector of ||s - a_m X_m||_2, m = 0 .. L-1, with
//       s = sum_{j in S} a_j X_j, for weights a (length L), rows X (L x d) and a set S (an
//       indicator vector of length L, such as top(l, N)).
//   separable_count(a, X, S)    #{k in S : ||s - a_k X_k|| < ||s - a_i X_i|| for every i not in
//       S}: Theorem 2's N_s with the paper's radius r = min_{i not in S} ||s - a_i X_i||; S must
//       leave a token out. Each comparison is decided on the gap of the squared distances in the
//       form that does not cancel (verify/kernels/distances_to_weighted_sum.hpp); an undecided one
//       counts as [0, 1] for intervals and leaves the count unknown in the exact tier.
// A set S with an undecided member leaves the value unknown. None has a derivative kernel (the
// minimum and the counts are piecewise). distances_to_sum and separable_count of the same a, X
// and S in one evaluation build X's Gram rows once (SharedWork).
#include <cstddef>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "verify/formula/vocabulary/index_sets.hpp"
#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/kernels/distances_to_weighted_sum.hpp"
#include "verify/kernels/gram_matrix.hpp"
#include "verify/kernels/pair_distances.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {
namespace separation {

template <class R>
R row_distance(const Matrix<R>& X, Eigen::Index a, Eigen::Index b) {
  using std::sqrt;
  R sum = R(0);
  for (Eigen::Index k = 0; k < X.cols(); ++k) {
    const R t = X(a, k) - X(b, k);
    sum += t * t;
  }
  return sqrt(max_of(sum, R(0)));  // t * t of an interval around 0 can dip below 0
}

template <class R>
R min_distance(const Matrix<R>& X, const ExactTensor* exact) {
  if (X.rows() < 2) throw OutsideDomain("outside the domain of separation: it needs at least two rows");
  if (exact && exact->rows() == static_cast<std::size_t>(X.rows()) && exact->cols() == static_cast<std::size_t>(X.cols()))
    return min_pairwise_distance<R>(*exact);
  R best = row_distance(X, 0, 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = i + 1; j < X.rows(); ++j)
      if (i > 0 || j > 1) best = min_of(best, row_distance(X, i, j));
  return best;
}

// The members of S and the rest, or none where a member is undecided.
struct Split {
  std::vector<std::size_t> members, rest;
};
template <class R>
std::optional<Split> split(const std::string& function, const Vector<R>& a, const Matrix<R>& X, const Vector<R>& S) {
  if (a.size() != X.rows() || S.size() != X.rows())
    throw VocabularyMisuse(function + " needs weights and a set of the length of the rows of X: lengths " +
                           std::to_string(a.size()) + " and " + std::to_string(S.size()) + " for " +
                           std::to_string(X.rows()) + " rows");
  std::optional<std::vector<std::size_t>> members;
  try {
    members = members_of(S);
  } catch (const std::invalid_argument& e) {
    throw VocabularyMisuse(function + "'s argument 3 is no set: " + e.what());
  }
  if (!members) return std::nullopt;
  Split s{*members, {}};
  std::size_t next = 0;
  for (std::size_t m = 0; m < static_cast<std::size_t>(X.rows()); ++m) {
    if (next < s.members.size() && s.members[next] == m) ++next;
    else s.rest.push_back(m);
  }
  return s;
}

// The rows of S of X's Gram matrix and the distances built on them, for weights a (which it
// refers to: a kept value of the evaluation, or the caller's). In binary64 intervals, of an X
// whose exact value the run has, the rows are binary64 dot products with their error bounds
// (binary64_gram_rows: one matrix product), not interval dot products.
template <class R>
struct Distances {
  Distances(const Vector<R>& a, const Matrix<R>& X, const ExactTensor* exact, const std::vector<std::size_t>& members)
      : G(rows_of(X, exact, members)), distance(a, G, members) {}
  static GramRows<R> rows_of(const Matrix<R>& X, const ExactTensor* exact, const std::vector<std::size_t>& members) {
    if constexpr (std::is_same_v<R, DoubleInterval>)
      if (exact) return binary64_gram_rows<R>(*exact, members);
    return gram_rows_of<R>(X, members);
  }
  GramRows<R> G;
  DistancesToWeightedSum<R> distance;
};

// f(distances of (a, X, members)): the evaluation's shared ones where `shared` is set (computed
// once for the calls of distances_to_sum and separable_count on the same a, X and S), else its own.
template <class R, class F>
auto with_distances(SharedWork* shared, const Vector<R>& a, const Matrix<R>& X, const ExactTensor* exact,
                    const Vector<R>& S, const std::vector<std::size_t>& members, F f) {
  if (!shared) return f(Distances<R>(a, X, exact, members).distance);
  return f(shared->get<Distances<R>>({&a, &X, &S}, [&] { return std::make_shared<Distances<R>>(a, X, exact, members); })
               .distance);
}

template <class R>
Vector<R> distances_to_sum(const Vector<R>& a, const Matrix<R>& X, const ExactTensor* exact, const Vector<R>& S,
                           SharedWork* shared) {
  const std::optional<Split> s = split("distances_to_sum", a, X, S);
  Vector<R> out(X.rows());
  if (!s) {
    for (Eigen::Index m = 0; m < out.size(); ++m) out[m] = unknown_of<R>("the set of distances_to_sum is undecided");
    return out;
  }
  return with_distances(shared, a, X, exact, S, s->members, [&](const DistancesToWeightedSum<R>& distance) {
    for (std::size_t p = 0; p < s->members.size(); ++p)
      out[static_cast<Eigen::Index>(s->members[p])] = distance.of_selected(p);
    for (const std::size_t i : s->rest) out[static_cast<Eigen::Index>(i)] = distance.of_left_out(i);
    return out;
  });
}

template <class R>
R separable_count(const Vector<R>& a, const Matrix<R>& X, const ExactTensor* exact, const Vector<R>& S,
                  SharedWork* shared) {
  const std::optional<Split> s = split("separable_count", a, X, S);
  if (!s) return unknown_of<R>("the set of separable_count is undecided");
  if (s->rest.empty())
    throw OutsideDomain("outside the domain of separable_count: its set leaves no token out, so the radius "
                        "min_{i not in S} ||s - a_i x_i|| does not exist");
  return with_distances(shared, a, X, exact, S, s->members, [&](const DistancesToWeightedSum<R>& distance) {
    R count = R(0);
    for (std::size_t p = 0; p < s->members.size(); ++p) count += distance.nearer_than_every(p, s->rest);
    return count;
  });
}

}  // namespace separation

// The kernel of `name` in R, or an empty function where the name is not this family's (none has a
// derivative kernel).
template <class R>
VocabularyKernel<R> separation_kernel(const std::string& name) {
  using Args = std::span<const Operand<R>>;
  if constexpr (!is_gradient_v<R>) {
    if (name == "separation")
      return [](Args a) -> Value<R> { return separation::min_distance(*a[0].matrix, a[0].exact); };
    if (name == "distances_to_sum")
      return [](Args a) -> Value<R> {
        return separation::distances_to_sum(*a[0].vector, *a[1].matrix, a[1].exact, *a[2].vector, a[0].shared);
      };
    if (name == "separable_count")
      return [](Args a) -> Value<R> {
        return separation::separable_count(*a[0].vector, *a[1].matrix, a[1].exact, *a[2].vector, a[0].shared);
      };
  }
  return {};
}

// The family's entries (separation.cpp).
const std::vector<VocabularyEntry>& separation_entries();

}  // namespace nb::formula
