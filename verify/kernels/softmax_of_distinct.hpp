#pragma once
// softmax(logits / T) with one exponential per class of equal logits instead of one per entry:
//   alpha_i = e_c / sum_k m_k e_k,  e_k = exp((l_k - m) / T)  for i in class c,
// m_k the multiplicity of class k. At every tier a case of L logits at two values costs two
// exponentials, not L (and in exact arithmetic one field generator per value, not a sum of L
// terms).
// Contract: where the entries of each class of `classes` enclose one and the same number (the
// logits are an exact vector's entries, or those times or over one scalar, each class a class of
// equal exact entries), the output encloses the exact softmax of every logit vector in the
// enclosures that is constant on the classes, and so the softmax of the exact logits; for points
// it is that softmax rounded.
#include <cmath>
#include <cstddef>
#include <vector>

#include "verify/kernels/distinct_entries.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// The weight of each class: class_logits[k] encloses the logit of class k, count[k] its
// multiplicity. Contract: the output's entry k encloses e_k / sum_j m_j e_j for every point of the
// class logits' enclosures, as softmax_of_distinct's entries of class k do (it is this, spread).
template <class R>
std::vector<R> softmax_of_classes(const std::vector<R>& class_logits, const R& T, const std::vector<std::size_t>& count) {
  using std::exp;
  const std::size_t K = class_logits.size();
  // The shift is the top class's own logit (the class of the largest midpoint): its term is exactly
  // 1, the others exp((l_k - l_top) / T), so that a class's logit far from 0 (-1e300, whose
  // enclosure is wider than any exponent) still gives exact weights where the classes are tied.
  std::size_t top = 0;
  for (std::size_t k = 1; k < K; ++k)
    if (midpoint_of(class_logits[k]) > midpoint_of(class_logits[top])) top = k;
  std::vector<R> e(K);
  for (std::size_t k = 0; k < K; ++k) e[k] = k == top ? R(1) : R(exp((class_logits[k] - class_logits[top]) / T));
  if constexpr (is_exact_number_v<R>) limit_generators_of_exponential_sum({e.data(), K});
  R sum = R(0);
  for (std::size_t k = 0; k < K; ++k) sum += count[k] == 1 ? e[k] : R(R(static_cast<long>(count[k])) * e[k]);
  for (std::size_t k = 0; k < K; ++k) e[k] /= sum;
  return e;
}

// One logit of each class (its first entry's).
template <class R>
std::vector<R> class_logits(const Vector<R>& logits, const DistinctEntries& classes) {
  std::vector<R> of;
  of.reserve(classes.first.size());
  for (const std::size_t i : classes.first) of.push_back(logits[static_cast<Eigen::Index>(i)]);
  return of;
}

// Each entry the weight of its class.
template <class R>
Vector<R> spread_over_classes(const std::vector<R>& of_class, const DistinctEntries& classes) {
  Vector<R> alpha(static_cast<Eigen::Index>(classes.class_of.size()));
  for (Eigen::Index i = 0; i < alpha.size(); ++i) alpha[i] = of_class[classes.class_of[static_cast<std::size_t>(i)]];
  return alpha;
}

template <class R>
Vector<R> softmax_of_distinct(const Vector<R>& logits, const R& T, const DistinctEntries& classes) {
  return spread_over_classes(softmax_of_classes(class_logits(logits, classes), T, classes.count), classes);
}

}  // namespace nb
