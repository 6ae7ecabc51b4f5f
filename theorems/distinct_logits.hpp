#pragma once
// The softmax normalizer summed over the distinct values of exact logits, each value once with
// its multiplicity:
//   sum_i e^{(l_i - max_j l_j) c} = sum_v m_v e^{(v - max_j l_j) c}.
// The suites of the length sweeps have up to 1024 logits at two values (their equality cases);
// grouped, such a case costs two exponentials instead of 1024 at every precision of the Ziv
// ladder, and one field generator instead of a sum of 1024 equal terms in exact arithmetic.
// Values are grouped exactly, in rationals, so tied logits are exact ties.
#include <cstddef>
#include <functional>
#include <map>
#include <vector>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/rational.hpp"

namespace nb::theorems {

struct DistinctLogits {
  std::vector<Rational> shifted;    // v - max_j l_j over the distinct values v, descending (first 0)
  std::vector<std::size_t> counts;  // the multiplicity of each
  std::size_t length = 0;           // L, the sum of the counts
};

// The distinct values of a non-empty vector of exact logits.
inline DistinctLogits distinct_logits(const ExactTensor& logits) {
  std::map<Rational, std::size_t, std::greater<>> counts;
  for (std::size_t i = 0; i < logits.size(); ++i) ++counts[logits.exact(i)];
  DistinctLogits d;
  const Rational top = counts.begin()->first;
  for (const auto& [value, count] : counts) {
    d.shifted.push_back(Rational(value - top));
    d.counts.push_back(count);
  }
  d.length = logits.size();
  return d;
}

// The term e^{(v - max) c} of the k-th distinct value.
template <class R>
R shifted_exponential(const DistinctLogits& d, std::size_t k, const R& c) {
  using std::exp;
  return exp(rational_to<R>(d.shifted[k]) * c);
}

// sum_i e^{(l_i - max_j l_j) c}: 1 / max_i softmax(c l)_i.
template <class R>
R exponential_sum(const DistinctLogits& d, const R& c) {
  R sum = R(0);
  for (std::size_t k = 0; k < d.shifted.size(); ++k)
    sum += R(static_cast<long>(d.counts[k])) * shifted_exponential(d, k, c);
  return sum;
}

}  // namespace nb::theorems
