#pragma once
// What a formula denotes in a number type R: a scalar, a vector or a matrix of R, and the words
// that name a shape in messages.
#include <map>
#include <string>
#include <variant>

#include "verify/numbers/exact.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {

enum class Shape { Scalar, Vector, Matrix };

template <class R>
using Value = std::variant<R, Vector<R>, Matrix<R>>;

// What a formula's names mean in one evaluation.
template <class R>
using Bindings = std::map<std::string, Value<R>>;

// The exact values of inputs, under the names they are bound to (a case's numbers, which hold no
// other names), where they decide what enclosures cannot (ties of logits).
using ExactInputs = std::map<std::string, ExactTensor>;

// "a scalar", "a vector of length 3", "a 2 x 3 matrix": what shape errors name.
template <class R>
std::string shape_of(const Value<R>& v) {
  if (std::holds_alternative<R>(v)) return "a scalar";
  if (const auto* x = std::get_if<Vector<R>>(&v)) return "a vector of length " + std::to_string(x->size());
  const Matrix<R>& m = std::get<Matrix<R>>(v);
  return "a " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) + " matrix";
}

}  // namespace nb::formula
