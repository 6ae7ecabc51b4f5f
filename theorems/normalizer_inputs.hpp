#pragma once
// The normalizer a case names (verify/normalizer.hpp): option "normalizer" (softmax, softplus,
// tanh, square) and its parameters as exact scalars "T" (softmax, softplus, tanh), "c" (tanh) and
// "s" (square).
#include <string>

#include "theorems/certain_sign.hpp"
#include "verify/case.hpp"
#include "verify/normalizer.hpp"

namespace nb::theorems {

// Throws InputError unless the option names a kernel and each parameter it uses is a scalar > 0.
inline void check_normalizer(const Case& c) {
  const NormalizerKind kind = normalizer_kind(c.option("normalizer"));
  auto require_positive = [&](const std::string& name) {
    const ExactTensor& x = c.number(name);
    if (x.size() != 1) throw InputError(name + " must be a scalar");
    if (certain_sign(x.entry<Interval>(0), name) <= 0)
      throw InputError(name + " must be > 0 (got " + x.text(0) + ")");
  };
  if (kind == NormalizerKind::Square) {
    require_positive("s");
  } else {
    require_positive("T");
    if (kind == NormalizerKind::Tanh) require_positive("c");
  }
}

// Throws InputError unless the exact logit that `l` encloses lies in the domain of the case's
// kernel (only the square kernel has a restricted domain: l > -s). `what` names the logit.
inline void check_in_domain(const Case& c, const Interval& l, const std::string& what) {
  if (normalizer_kind(c.option("normalizer")) != NormalizerKind::Square) return;
  if (certain_sign(Interval(l + c.number("s").entry<Interval>(0)), what + " + s") <= 0)
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
