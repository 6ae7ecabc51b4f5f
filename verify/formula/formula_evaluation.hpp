#pragma once
// Values of a formula (verify/formula/formula.hpp) in a number type R: double, Mpfr, Interval,
// DoubleInterval, ExactReal. A formula is compiled for R (verify/formula/formula_program.hpp) and
// then run; a theorem file compiles its formulas once and runs them on every case. Every operation is R's own or the library's kernel for R, so for an
// interval type the value is an enclosure of the exact value of the formula at every point of the
// enclosures bound to its names. The partial operations (division, log, log1p, sqrt, powers other
// than non-negative integer ones) are applied only where their argument is certainly inside their
// domain (verify/formula/partial_operation.hpp): where it may be outside, the value is NaN
// (unknown: log of an interval reaching 0, 1/[0, w]), never an infinite end; where it certainly is
// (log of [-2, -1], a divisor exactly 0), evaluation throws OutsideDomain, whose message names the
// operation and its place in the formula.
//
// What names and calls mean:
//   names          the scalars, vectors and matrices bound by the caller (inputs, definitions)
//                  and the index variables of the enclosing sum/max/min/vec
//   x + - * / y    on scalars; on vectors and matrices entry by entry (both of one shape, or one
//                  a scalar)
//   x ^ y          a literal y of integer value (2, 2.0, 1e2; also negative): repeated products (of |x| for even y, so
//                  that an interval around 0 gives a value >= 0), and for y < 0 the inverse of
//                  x^-y (x != 0); otherwise exp(y log x), defined for x > 0 only (0^0.5 is
//                  undefined, as log 0 is; sqrt(x) is defined at 0)
//   exp log log1p sqrt abs   of a scalar, or of each entry of a vector or matrix
//   min(x, y) max(x, y)      of two scalars (max_of/min_of: enclosures for interval types)
//   sum(i, e) max(i, e) min(i, e) vec(i, e)   over i = 0 .. n-1, n the length of every vector (the
//                  rows of every matrix) indexed by i in e (they must agree): a scalar, or the
//                  vector of the e's
//   v[i] K[i] K[i][j]   entry i of vector v, row i of matrix K (a vector), entry (i, j) of K;
//                  an index is an index variable, an integer literal (v[0]) or a sum or difference of
//                  them (v[i + 1]); one outside the vector or matrix is the file's mistake
//                  (FormulaError), never a value
//   delta(i, j)    1 if the index variables i and j are equal, else 0 (Kronecker's delta)
//   dot(u, v) norm(v) softmax(v)   sum u_i v_i, the Euclidean norm, exp(v_i) / sum_j exp(v_j)
//   largest(v, k)  the k-th largest entry of v with multiplicity (k an integer formula in [1, length];
//                  largest(v, 2) of (3, 5, 5) is 5), verify/kernels/kth_largest.hpp; of an input whose
//                  exact value the caller passes, decided on that value (top_n), else on the
//                  enclosures' ends (no exact form)
//   top(v, N) left_out(v, N) argmax(v) sort(v) concat(u, v), and sum/max/min/count(i, S, e) over
//                  the members of a set S: verify/formula/vocabulary/index_sets.hpp
//   sum_of_others(v)         the vector of sum_{j != i} v_j, by prefix and suffix sums
//                  (weights_of_the_others): of weights, 1 - a_i without the cancellation of 1 - a_i
//   softmax_jacobian(l, T)   the L x L matrix (diag(a) - a a^T) / T, a = softmax(l / T)
//   frobenius_norm(M)        sqrt(sum_ij M_ij^2)
//   spectral_norm(M)         the largest singular value, by the library's certified kernel
//                  (verify/kernels/spectral_norm.hpp); of softmax_jacobian(l, T), written inline or named
//                  with l an input whose exact value the caller passes (or such an input over a
//                  scalar certainly > 0: T ||J(l, T)||_2 = ||J(l / T, 1)||_2) and T certainly > 0, by
//                  the softmax Jacobian's own kernel (verify/kernels/softmax_jacobian_norm.hpp: a secular
//                  equation, ties decided on the exact logits, exact at ties), which is sharper
//                  and has an exact form where the general kernel has none
//   matmul transpose trace eigmax eigmin inf_to_one_norm sigmoid ssmax sparsemax entmax15
//   sparsemax_jacobian entmax15_jacobian   the vocabulary functions, each with its contract in
//                  verify/formula/vocabulary/linear_algebra.hpp or normalizers.hpp
// For R = Gradient<I> (verify/prove/gradient_number.hpp) each value carries enclosures of its first
// derivatives: softmax is the engine's form, differentiated; largest, sort, spectral_norm and the
// vocabulary functions that have no derivative kernel throw NoDerivativeKernel, a FormulaError
// (formula_program.hpp; top and argmax are constant where decided).
// A mistake of shape or of use (a vector where a scalar is needed, lengths that differ, an
// unknown name) throws FormulaError at the offending node.
#include <cstddef>
#include <string>
#include <vector>

#include "verify/formula/formula.hpp"
#include "verify/formula/formula_program.hpp"
#include "verify/formula/formula_value.hpp"

namespace nb::formula {

namespace detail {

// The inputs of a program that reads `names` (with the shapes and lengths of their values).
template <class R>
std::vector<ProgramInput> inputs_of(const Bindings<R>& names) {
  std::vector<ProgramInput> inputs;
  for (const auto& [name, v] : names) {
    if (const auto* x = std::get_if<Vector<R>>(&v))
      inputs.push_back({name, Shape::Vector, std::to_string(x->size()), "1"});
    else if (const auto* m = std::get_if<Matrix<R>>(&v))
      inputs.push_back({name, Shape::Matrix, std::to_string(m->rows()), std::to_string(m->cols())});
    else
      inputs.push_back({name, Shape::Scalar, "1", "1"});
  }
  return inputs;
}

// `f` compiled for the names of `names` and run once on their values.
template <class R>
Value<R> run_once(const Formula& f, const Bindings<R>& names, const ExactInputs* exact, bool scalar,
                  ProgramOptions options) {
  const Program<R> program(inputs_of(names), {}, {&f}, scalar, options);
  std::vector<Value<R>> values;
  std::vector<const ExactTensor*> exact_values;
  for (const auto& [name, v] : names) {
    values.push_back(v);
    const auto found = exact ? exact->find(name) : ExactInputs::const_iterator();
    exact_values.push_back(exact && found != exact->end() ? &found->second : nullptr);
  }
  Run<R> run(program, std::move(values), std::move(exact_values));
  return run.value(0);
}

}  // namespace detail

// The value of `f` with its names bound by `names`, `exact` holding the exact values of the
// inputs among them (or null).
template <class R>
Value<R> evaluate(const Formula& f, const Bindings<R>& names, const ExactInputs* exact = nullptr) {
  return detail::run_once(f, names, exact, false, {});
}

// evaluate, for R = DoubleInterval with `names` bound to enclosures of the inputs' declared ranges,
// throwing FormulaError at the first divisor whose enclosure holds 0 or is unknown: a division the
// ranges do not keep away from 0 (the enclosures may be wider than the true ranges, so a divisor
// that only comes close to 0 may be refused too).
template <class R>
Value<R> evaluate_refusing_zero_divisors(const Formula& f, const Bindings<R>& names) {
  return detail::run_once(f, names, nullptr, false, {.refuse_zero_divisors = true});
}

// evaluate with `names` bound to enclosures of boxes of inputs (a region proof, verify/prove/):
// kernels whose enclosure is the range over the box where one exists (softmax as
// verify/kernels/softmax_over_box.hpp writes it), at O(L^2) where the engine's are O(L). The value is an
// enclosure of the formula's value at every point of the box, as evaluate's.
template <class R>
Value<R> evaluate_over_box(const Formula& f, const Bindings<R>& names) {
  return detail::run_once(f, names, nullptr, false, {.over_box = true});
}

// The same, which must be a scalar.
template <class R>
R evaluate_scalar(const Formula& f, const Bindings<R>& names, const ExactInputs* exact = nullptr) {
  return std::get<R>(detail::run_once(f, names, exact, true, {}));
}

}  // namespace nb::formula
