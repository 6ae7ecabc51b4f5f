#pragma once
// The finite-difference sensitivity of Section 3.3 of arXiv 2508.17821 (Algorithm 5), for the
// sensitivity sweep of reproduce: numbers "logits", "direction" v (any non-zero vector of the same
// length; it is normalized here, so the step is exactly a unit one), "epsilon" > 0 and "T" > 0.

#include "verify/engine/case.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/kernels/shifted_logits.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

template <class R>
struct FiniteDifference {
  R g;  // ||softmax((l + eps u)/T) - softmax(l/T)||_2 / eps, u = v / ||v||_2
  R epsilon, T;
};

// g(T, eps) for the case. For Interval an enclosure of the exact g: u is enclosed, and softmax's
// enclosure over the box l + eps u contains its value at the exact unit step.
template <class R>
FiniteDifference<R> finite_difference(const Case& c) {
  // l shifted by its exact maximum: the same softmax at l and at l + eps u (a common shift).
  const Vector<R> l = logits_minus_maximum<R>(c.number("logits")), v = c.number("direction").to_vector<R>();
  const R eps = c.number("epsilon").entry<R>(0), T = c.number("T").entry<R>(0);
  const Vector<R> step = v * R(eps / euclidean_norm(v));
  const R g = euclidean_norm(softmax(Vector<R>(l + step), T) - softmax(l, T)) / eps;
  return {g, eps, T};
}

}  // namespace nb::theorems
