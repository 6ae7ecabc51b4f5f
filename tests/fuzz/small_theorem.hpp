#pragma once
// Which theorems a harness evaluates as well as reads: those whose lengths and fixed sizes stay
// within 64. A file may ask for sums over L^2 terms at L = 2^20 (within the cost limit of
// verify/formula/formula_cost.hpp, still seconds per evaluation): that cost is its author's, not a
// defect of the reader, and would only slow the fuzzing down.
#include <string>

#include "verify/formula/theorem_spec.hpp"

namespace nb::fuzz {

inline bool small_theorem(const nb::formula::TheoremSpec& spec) {
  constexpr double kMaxEvaluatedSize = 64;
  for (const nb::formula::InputSpec& in : spec.inputs) {
    if (in.kind == nb::formula::InputSpec::Kind::Length && in.draw_high > kMaxEvaluatedSize) return false;
    for (const std::string& size : {in.rows, in.cols})
      if (!size.empty() && size.size() > 2) return false;  // a fixed size of three digits or more
  }
  return true;
}

}  // namespace nb::fuzz
