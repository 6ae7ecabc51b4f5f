#pragma once
// The seed of an evaluation that samples (Monte Carlo estimates of expectations).
#include <cstdint>

#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::theorems {

// The case's integer "sample_seed" when it has one, else the evaluation's seed. Suites store one
// in every case that samples, so that a case draws the same samples wherever it runs: alone on
// replay, or at any position of a suite (EvalContext::seed depends on the position).
inline std::uint64_t sampling_seed(const Case& c, const EvalContext& ctx) {
  return c.integers.contains("sample_seed") ? static_cast<std::uint64_t>(c.integer("sample_seed")) : ctx.seed;
}

}  // namespace nb::theorems
