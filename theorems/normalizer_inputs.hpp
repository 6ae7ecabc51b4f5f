#pragma once
// The normalizer a case names (verify/kernels/normalizer.hpp): option "normalizer" (softmax, softplus,
// tanh, square) and its parameters as exact scalars "T" (softmax, softplus, tanh), "c" (tanh) and
// "s" (square).
#include <string>
#include <utility>
#include <vector>

#include "theorems/positive_scalar.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/kernels/normalizer.hpp"

namespace nb::theorems {

// What a normalizer theorem reads: its own `numbers`, the kernel's parameters and the option.
inline CaseNames normalizer_reads(std::vector<std::string> numbers) {
  numbers.insert(numbers.end(), {"T", "c", "s"});
  return {.numbers = std::move(numbers), .options = {"normalizer"}};
}

// Throws InputError unless the option names a kernel and each parameter it uses is a scalar > 0.
inline void check_normalizer(const Case& c) {
  const NormalizerKind kind = normalizer_kind(c.option("normalizer"));
  if (kind == NormalizerKind::Square) {
    positive_scalar(c, "s");
  } else {
    positive_scalar(c, "T");
    if (kind == NormalizerKind::Tanh) positive_scalar(c, "c");
  }
}

// Throws InputError unless the exact logit `l` lies in the domain of the case's kernel (only the
// square kernel has a restricted domain: l > -s). `what` names the logit.
inline void check_in_domain(const Case& c, const Rational& l, const std::string& what) {
  if (normalizer_kind(c.option("normalizer")) != NormalizerKind::Square) return;
  if (l + c.number("s").exact(0) <= 0)
    throw InputError(what + " is not above -s, outside the domain of the square normalizer");
}

// The case's kernel with its parameters converted to R. Call check_normalizer first.
template <class R>
Normalizer<R> normalizer_of(const Case& c) {
  Normalizer<R> F;
  F.kind = normalizer_kind(c.option("normalizer"));
  if (F.kind == NormalizerKind::Square) {
    F.s = c.number("s").entry<R>(0);
  } else {
    F.T = c.number("T").entry<R>(0);
    if (F.kind == NormalizerKind::Tanh) F.c = c.number("c").entry<R>(0);
  }
  return F;
}

}  // namespace nb::theorems
