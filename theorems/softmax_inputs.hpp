#pragma once
// The (logits, T) input shared by the softmax theorems: numbers "logits" (a vector) and "T".
#include "theorems/positive_scalar.hpp"
#include "verify/case.hpp"
#include "verify/errors.hpp"
#include "verify/numbers.hpp"

namespace nb::theorems {

// Throws InputError unless "logits" is a non-empty vector and T > 0 (exactly).
inline void check_logits_and_temperature(const Case& c) {
  const ExactTensor& l = c.number("logits");
  if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
  positive_scalar(c, "T", "temperature T");
}

template <class R>
struct SoftmaxInput {
  Vector<R> logits;
  R T;
};

template <class R>
SoftmaxInput<R> softmax_input(const Case& c) {
  return {c.number("logits").to_vector<R>(), c.number("T").entry<R>(0)};
}

}  // namespace nb::theorems
