#pragma once
// Hand-made (logits, T) cases for the tests of the softmax theorems.
#include <string>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb::witness {

inline Case logits_case(const std::string& theorem, std::vector<double> logits, const std::string& T) {
  Case c;
  c.theorem = theorem;
  c.label = "witness";
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.numbers["T"] = ExactTensor::literal(T);
  return c;
}

}  // namespace nb::witness
