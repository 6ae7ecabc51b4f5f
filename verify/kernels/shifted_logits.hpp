#pragma once
// Logits shifted by their exact maximum, for softmax. softmax(l / T) does not change when a
// constant is subtracted from every logit, so the evaluations may use l - max_j l_j instead of l;
// subtracting in exact rationals before any rounding keeps what the exact input says: the largest
// logit becomes exactly 0, tied logits stay exact ties, and (12345.678, 12345.678) evaluates like
// (0, 0) instead of as two enclosures of 12345.678 whose difference is not known to be 0.
#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/rational.hpp"

namespace nb {

// l - max_j l_j for the entries l of `logits` (a non-empty vector), each converted to R
// (rational_to) only after the exact subtraction. For the binary64 types with binary64 logits the
// subtraction is done in R, without rationals: comparisons of binary64 values are exact, and a
// binary64 subtraction rounds the exact difference to nearest (double: the number rational_to
// gives) or encloses it in its two nearest binary64 neighbours (DoubleInterval: the tightest
// enclosure, one ulp wide where rational_to's is two).
template <class R>
Vector<R> logits_minus_maximum(const ExactTensor& logits) {
  if constexpr (std::is_same_v<R, double> || std::is_same_v<R, DoubleInterval>) {
    if (logits.all_dyadic()) {
      double top = logits.approx(0);
      for (std::size_t i = 1; i < logits.size(); ++i) top = std::max(top, logits.approx(i));
      Vector<R> shifted(static_cast<Eigen::Index>(logits.size()));
      for (std::size_t i = 0; i < logits.size(); ++i) shifted[static_cast<Eigen::Index>(i)] = R(logits.approx(i)) - R(top);
      return shifted;
    }
  }
  std::vector<Rational> l(logits.size());
  Rational top;
  for (std::size_t i = 0; i < l.size(); ++i) {
    l[i] = logits.exact(i);
    if (i == 0 || l[i] > top) top = l[i];
  }
  Vector<R> shifted(static_cast<Eigen::Index>(l.size()));
  for (std::size_t i = 0; i < l.size(); ++i) shifted[static_cast<Eigen::Index>(i)] = rational_to<R>(Rational(l[i] - top));
  return shifted;
}

}  // namespace nb
