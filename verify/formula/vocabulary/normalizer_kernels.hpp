#pragma once
// The general normalizers of arXiv 2508.17821, eq. (3), as formula vocabulary: a kernel F that a
// choice input names (`normalizer = { kind = "choice", values = ["softmax", "tanh"] }`), with its
// parameters T, c, s as scalars (verify/kernels/normalizer.hpp: softmax exp(x/T), softplus
// log(1 + exp(x/T)), tanh 1 + tanh(x/T) + c, square (x + s)^2):
//   normalizer_value(F, x, T, c, s)     F(x) of a scalar x, or of each entry of a vector
//   normalizer_slope(F, x, T, c, s)     F'(x), likewise
//   normalizer_weights(F, l, T, c, s)   alpha = F(l) / sum_j F(l_j) of a vector l (softmax
//                                       shift-stable)
//   normalizer_slopes(F, l, T, c, s)    beta = F'(l) / sum_j F(l_j)
//   normalizer_jacobian(F, l, T, c, s)  d alpha / d l = diag(beta) - alpha beta^T (Lemma 2's
//                                       diag(F')/S - F F'^T/S^2), an L x L matrix
// F is a choice's code (kernel_code: the word's index in normalizer_kernel_words, the order of
// NormalizerKind); a parameter the kernel does not use is not read.
// Contracts, for every number type R (double and Mpfr approximate; DoubleInterval, Interval and
// ArbInterval enclose: the output encloses the exact value for every point of the inputs;
// ExactReal is exact, each kernel having an exact form through exp, log1p and cosh; the prove
// Gradient carries derivatives of normalizer_value and normalizer_weights, the slopes and the
// Jacobian have none: cosh has no gradient kernel):
//   domain   the kernel's parameters are > 0 (T for softmax, softplus and tanh; c for tanh; s for
//            square) and the square kernel takes x > -s only; an argument certainly outside is
//            OutsideDomain, one that may be outside gives an unknown value
//            (verify/formula/partial_operation.hpp), so an [[assume]] reading the value refuses
//            the cases that break the kernel's assumptions.
//   the code F must be certainly one kernel's: certainly none is OutsideDomain, an enclosure
//            holding several (a range of codes) gives an unknown value.
// Every kernel is strictly increasing on its domain, so over [-a, a] max F = F(a) and
// min F = F(-a), which Lemma 1's file reads: softmax F' = exp(x/T)/T > 0; softplus
// F' = 1/(T (1 + exp(-x/T))) > 0 (the logistic function over T); tanh F' = 1/(T cosh^2(x/T)) > 0;
// square F' = 2 (x + s) > 0 for x > -s.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/formula/partial_operation.hpp"
#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/kernels/normalizer.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {
namespace normalizer_kernels {

// The kernel whose code x certainly is; none where x may hold several codes. Throws OutsideDomain
// where x is certainly no kernel's code.
template <class R>
std::optional<NormalizerKind> kind_of(const R& x, const std::string& function) {
  if constexpr (is_gradient_v<R>) {
    return kind_of(x.value, function);
  } else {
    double lo, hi;
    if constexpr (is_exact_number_v<R>) {
      // A code is an exact integer: the one nearest x's approximation, where Calcium shows x equal to it.
      if (!x.is_number()) return std::nullopt;
      lo = hi = std::round(static_cast<double>(midpoint_of(enclosure_of(x))));
      if (sign_of(ExactReal(x - ExactReal(static_cast<long>(lo)))) != ExactSign::Zero) return std::nullopt;
    } else {
      lo = static_cast<double>(lower_end_of(x));
      hi = static_cast<double>(upper_end_of(x));
      if (!(lo == lo) || !(hi == hi)) return std::nullopt;
    }
    const double first = std::max(std::ceil(lo), 0.0), last = std::min(std::floor(hi), kNormalizerKindCount - 1.0);
    if (first > last)
      throw OutsideDomain("outside the domain of " + function +
                          ": its first argument is no normalizer kernel's code (a choice input of softmax, softplus, "
                          "tanh, square)");
    if (first < last) return std::nullopt;
    return static_cast<NormalizerKind>(static_cast<int>(first));
  }
}

// Whether x is certainly > 0, throwing OutsideDomain where it is certainly not (`what` names it).
template <class R>
bool certainly_positive(const R& x, const std::string& function, const std::string& what) {
  switch (in_domain(x, Domain::Positive)) {
    case InDomain::Inside: return true;
    case InDomain::Outside:
      throw OutsideDomain("outside the domain of " + function + ": " + what + " is not > 0");
    case InDomain::Unknown: break;
  }
  return false;
}

// The kernel of code `code` with parameters T, c, s, where its parameters are certainly > 0 and
// every entry of x certainly in its domain; none where that is undecided.
template <class R>
std::optional<Normalizer<R>> kernel_for(const std::string& function, std::span<const Operand<R>> a) {
  const std::optional<NormalizerKind> kind = kind_of(*a[0].scalar, function);
  if (!kind) return std::nullopt;
  Normalizer<R> F;
  F.kind = *kind;
  bool decided = true;
  if (F.kind == NormalizerKind::Square) {
    F.s = *a[4].scalar;
    decided = certainly_positive(F.s, function, "the square kernel's s");
    const auto in_domain_at = [&](const R& x) {
      return certainly_positive(R(x + F.s), function, "x + s (the square kernel takes x > -s)");
    };
    if (a[1].scalar) decided = decided && in_domain_at(*a[1].scalar);
    else
      for (Eigen::Index i = 0; i < a[1].vector->size() && decided; ++i) decided = in_domain_at((*a[1].vector)[i]);
  } else {
    F.T = *a[2].scalar;
    decided = certainly_positive(F.T, function, "the kernel's temperature T");
    if (F.kind == NormalizerKind::Tanh) {
      F.c = *a[3].scalar;
      decided = certainly_positive(F.c, function, "the tanh kernel's offset c") && decided;
    }
  }
  if (!decided) return std::nullopt;
  return F;
}

// A value of x's shape (or an L x L matrix, `square`) whose every entry is unknown.
template <class R>
Value<R> unknown_of(const Operand<R>& x, bool square = false) {
  if (x.scalar) return unknown_like(*x.scalar);
  const Eigen::Index n = x.vector->size();
  if (n == 0) return square ? Value<R>(Matrix<R>(0, 0)) : Value<R>(Vector<R>(0));
  const R u = unknown_like((*x.vector)[0]);
  if (square) return Matrix<R>(Matrix<R>::Constant(n, n, u));
  return Vector<R>(Vector<R>::Constant(n, u));
}

// F(x) or F'(x) (`slope`) of a scalar or of each entry of a vector.
template <class R>
Value<R> pointwise(std::span<const Operand<R>> a, bool slope) {
  const std::string function = slope ? "normalizer_slope" : "normalizer_value";
  const std::optional<Normalizer<R>> F = kernel_for(function, a);
  if (!F) return unknown_of(a[1]);
  const auto at = [&](const R& x) {
    if constexpr (is_gradient_v<R>) return F->value(x);  // no slope kernel for gradients
    else return slope ? F->derivative(x) : F->value(x);
  };
  if (a[1].scalar) return at(*a[1].scalar);
  const Vector<R>& x = *a[1].vector;
  Vector<R> out(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = at(x[i]);
  return out;
}

// The kernel `function` of a vector l, of(F, l) where F is decided (kernel_for), else a value of
// unknown entries: l's shape, or L x L where `square`.
template <class R, class Of>
VocabularyKernel<R> of_a_vector(const char* function, bool square, Of of) {
  return [function, square, of](std::span<const Operand<R>> a) -> Value<R> {
    const std::optional<Normalizer<R>> F = kernel_for(function, a);
    if (!F) return unknown_of(a[1], square);
    return of(*F, *a[1].vector);
  };
}

}  // namespace normalizer_kernels

// The kernel of `name` in R, or an empty function where the name is not this family's (or, for
// the prove gradients, has no derivative kernel).
template <class R>
VocabularyKernel<R> normalizer_kernel_kernel(const std::string& name) {
  namespace nk = normalizer_kernels;
  using Args = std::span<const Operand<R>>;
  if (name == "normalizer_value") return [](Args a) -> Value<R> { return nk::pointwise(a, false); };
  if (name == "normalizer_weights")
    return nk::of_a_vector<R>("normalizer_weights", false, [](const Normalizer<R>& F, const Vector<R>& l) {
      return normalizer_weights(F, l);
    });
  if constexpr (!is_gradient_v<R>) {
    if (name == "normalizer_slope") return [](Args a) -> Value<R> { return nk::pointwise(a, true); };
    if (name == "normalizer_slopes")
      return nk::of_a_vector<R>("normalizer_slopes", false, [](const Normalizer<R>& F, const Vector<R>& l) {
        return normalizer_slopes(F, l);
      });
    if (name == "normalizer_jacobian")
      return nk::of_a_vector<R>("normalizer_jacobian", true, [](const Normalizer<R>& F, const Vector<R>& l) {
        return normalizer_jacobian(normalizer_weights(F, l), normalizer_slopes(F, l));
      });
  }
  return {};
}

// The family's entries (normalizer_kernels.cpp).
const std::vector<VocabularyEntry>& normalizer_kernel_entries();

// The words a choice input may take for this family, in code order: softmax, softplus, tanh, square.
const std::vector<std::string>& normalizer_kernel_words();

}  // namespace nb::formula
