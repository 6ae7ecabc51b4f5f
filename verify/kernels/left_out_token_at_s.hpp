#pragma once
// Whether the paper's radius r = min_{i not in I_N} ||s - alpha_i x_i||_2 of Theorem 2 is exactly 0,
// decided from the exact inputs (no precision decides an exact 0 from enclosures). With
// alpha = softmax(l / T), Z = sum_j e^{l_j/T} and s = sum_{j in I_N} alpha_j x_j,
//   Z (s - alpha_i x_i) = sum_v e^{v/T} C_v,   C_v = sum_{j in I_N, l_j = v} x_j - [l_i = v] x_i,
// over the distinct logits v of I_N and i. The v/T are distinct rationals (exact inputs), so by the
// Lindemann-Weierstrass theorem the e^{v/T} are linearly independent over the algebraic numbers,
// and the C_v are rational vectors: s = alpha_i x_i exactly iff every C_v = 0. With
// G_v = sum_{j in I_N, l_j = v} x_j that is: G_v = 0 for every v != l_i, and G_{l_i} = x_i
// (G_{l_i} = 0 when no selected logit equals l_i). Example: a tie at the top with identical
// vectors, N = 1.
#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb {

// The first token i outside I with alpha_i x_i = s exactly, if any, for the logits and the rows
// of `vectors` (one per logit).
inline std::optional<std::size_t> left_out_token_at_s(const ExactTensor& logits, const ExactTensor& vectors,
                                                      const Selection& I) {
  const std::size_t d = vectors.cols();
  const auto row = [&](std::size_t i) {
    std::vector<Rational> x(d);
    for (std::size_t k = 0; k < d; ++k) x[k] = vectors.exact(i * d + k);
    return x;
  };
  const auto is_zero = [](const std::vector<Rational>& x) {
    return std::all_of(x.begin(), x.end(), [](const Rational& e) { return e == 0; });
  };
  std::map<Rational, std::vector<Rational>> group;  // G_v by logit v
  for (std::size_t j : I.selected) {
    std::vector<Rational>& g = group.try_emplace(logits.exact(j), d, Rational(0)).first->second;
    const std::vector<Rational> x = row(j);
    for (std::size_t k = 0; k < d; ++k) g[k] += x[k];
  }
  std::size_t nonzero_groups = 0;
  const Rational* nonzero_logit = nullptr;
  for (const auto& [v, g] : group)
    if (!is_zero(g)) {
      ++nonzero_groups;
      nonzero_logit = &v;
    }
  if (nonzero_groups > 1) return std::nullopt;  // no single left-out token can cancel two groups
  for (std::size_t i : I.rest) {
    const Rational l = logits.exact(i);
    if (nonzero_logit && l != *nonzero_logit) continue;
    const auto it = group.find(l);
    if (it == group.end() ? is_zero(row(i)) : it->second == row(i)) return i;
  }
  return std::nullopt;
}

}  // namespace nb
