#pragma once
// Hand-made (logits, T, vectors, N) cases for the tests of the Theorem 1 and 2 families.
#include <string>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb::witness {

// logits (length L), T, vectors as L rows of equal length, and N (omitted when N = 0).
inline Case token_case(const std::string& theorem, std::vector<double> logits, const std::string& T,
                       const std::vector<std::vector<double>>& rows, std::int64_t N) {
  Case c;
  c.theorem = theorem;
  c.label = "hand-made";
  std::vector<double> flat;
  for (const auto& row : rows) flat.insert(flat.end(), row.begin(), row.end());
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.numbers["T"] = ExactTensor::literal(T);
  c.numbers["vectors"] = ExactTensor(rows.size(), rows.empty() ? 0 : rows[0].size(), std::move(flat));
  if (N > 0) c.integers["N"] = N;
  return c;
}

}  // namespace nb::witness
