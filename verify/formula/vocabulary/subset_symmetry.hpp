#pragma once
// Whether the body e of expectation(S, subset(L, N), e) cannot tell apart two tokens whose
// per-token values are equal, read off e's tree: the condition under which the enumeration
// groups equal tokens (subset_grouping.hpp).
//
// e is shown symmetric when it reads the token axis only through per-token values at tokens it
// sums over S or its complement: every index variable bound by sum, max, min or count over S or
// 1 - S (a token variable) appears only as the first index of a named input or definition
// (X[i], X[i][k]; a leaf) or of S (S[i]); every leaf is read only so; S appears only as such a
// set or entry; e holds no other expectation. Then e is a function H(l, c, S) of the leaves'
// entries at the tokens, l_t = (X[t] for every leaf X), of values c that read no token variable
// and not S, and of S, with H(P l, c, P S) = H(l, c, S) for every permutation P of the tokens
// (a sum, max, min or count over P S of terms reading P l at its variable is the same over S of
// terms reading l). So where two tokens t, u have l_t = l_u, swapping them in S leaves e
// unchanged; over boxes of inputs, where the leaves' enclosures at t and u are the same, H at a
// swapped subset at any point of the box is H at the subset at another point of the box
// (l swapped stays in it), which the evaluation at the subset encloses.
//
// A weight: a vector leaf A every read of which is a factor of a product A[i] * X[i] or
// A[i] * X[i][k] with one other leaf X. Where X's row at t is zero (every entry certainly 0), the
// products are 0 whatever A[t] is, so A[t] is no part of t's values (the "lone" tokens of
// Theorem 1: x_t = 0 at distinct weights). A sufficient condition, on the formula's tree: a
// symmetric body written otherwise is enumerated subset by subset, never wrongly grouped.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "verify/formula/formula.hpp"

namespace nb::formula {

struct SubsetSymmetry {
  std::string failure;  // "" when shown symmetric; else why not (a message naming the subexpression)
  // The leaves, each by its first read's name node, in order of their first read.
  std::vector<const Node*> leaves;
  // For each leaf: the leaf whose zero rows make it unread (it is a weight), or -1.
  std::vector<int> weight_of;
};

// The symmetry of `body`, the body of an expectation over the random set named `set`, where
// `is_value(name)` tells the names of inputs and definitions and `bound` are the index variables
// (and random sets) of the loops around the expectation.
SubsetSymmetry subset_symmetry(const Node& body, const std::string& set,
                               const std::function<bool(const std::string&)>& is_value,
                               const std::vector<std::string>& bound);

}  // namespace nb::formula
