#pragma once
// The finite-difference sensitivity of Section 3.3 of arXiv 2508.17821 (Algorithm 5), shared by
// the sensitivity theorems: numbers "logits", "direction" v (any non-zero vector of the same
// length; it is normalized here, so the claims are about an exactly unit step), "epsilon" > 0 and
// "T" > 0.
#include <string>
#include <vector>

#include "verify/engine/positive_scalar.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/engine/sides.hpp"
#include "verify/kernels/shifted_logits.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

// The sensitivity's definition in LaTeX (the left side of both theorems' statements), the
// assumptions both theorems make and the inputs both read.
inline const std::string kFiniteDifferenceDefinition =
    R"(g(T,\varepsilon) = \frac{\left\|\mathrm{softmax}((\ell + \varepsilon v)/T) - \mathrm{softmax}(\ell/T)\right\|_2}{\varepsilon})";
inline const std::vector<std::string> kFiniteDifferenceAssumptions = {
    "T > 0", "eps > 0", "v non-zero, normalized to a unit vector", "L >= 1"};
inline const CaseNames kFiniteDifferenceReads = {.numbers = {"logits", "direction", "epsilon", "T"}};

// Throws InputError unless the inputs are as described above.
inline void check_finite_difference_inputs(const Case& c) {
  const ExactTensor &l = c.number("logits"), &v = c.number("direction");
  if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
  if (!v.is_vector() || v.size() != l.size()) throw InputError("direction must be a vector of the logits' length");
  bool nonzero = false;
  for (std::size_t i = 0; i < v.size() && !nonzero; ++i) nonzero = v.exact(i) != 0;
  if (!nonzero) throw InputError("direction must be non-zero");
  positive_scalar(c, "epsilon");
  positive_scalar(c, "T");
}

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

// The claim "g <= bound(eps, T)" named `name`, with the quantities g and g T.
template <class R, class Bound>
Sides<R> finite_difference_claim(const Case& c, const std::string& name, Bound bound) {
  const auto [g, eps, T] = finite_difference<R>(c);
  Sides<R> s;
  s.claim(name, g, Relation::LessEqual, bound(eps, T));
  s.quantity("g", g);
  s.quantity("g T", R(g * T));
  // The reports plot g against T per eps (Fig. 4 of the paper).
  s.quantity("epsilon", eps);
  s.quantity("T", T);
  return s;
}

}  // namespace nb::theorems
