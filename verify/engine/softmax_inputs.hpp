#pragma once
// The (logits, T) input shared by the softmax theorems: numbers "logits" (a vector) and "T".
#include "verify/engine/positive_scalar.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/shifted_logits.hpp"

namespace nb::theorems {

// Throws InputError unless "logits" is a non-empty vector and T > 0 (exactly).
inline void check_logits_and_temperature(const Case& c) {
  const ExactTensor& l = c.number("logits");
  if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
  positive_scalar(c, "T", "temperature T");
}

template <class R>
struct SoftmaxInput {
  Vector<R> logits;  // shifted by their exact maximum (verify/kernels/shifted_logits.hpp): same softmax
  R T;
};

template <class R>
SoftmaxInput<R> softmax_input(const Case& c) {
  return {logits_minus_maximum<R>(c.number("logits")), c.number("T").entry<R>(0)};
}

}  // namespace nb::theorems
