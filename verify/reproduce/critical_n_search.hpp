#pragma once
// Algorithm 3 of arXiv 2508.17821 (Fig. 2c): for N ascending, compare over heads the per-head mean
// of the true distance d~ (A) with the per-head mean of E[d~] (B) by the two-sample
// Kolmogorov-Smirnov test; the critical N is the first N at which the test does not reject at
// level alpha. The paper does not pin down the random-subset model nor alpha (its text says 0.01,
// its Algorithm 3 0.05), so the critical N is found for each expectation model and for both
// levels. The per-head means are Algorithm 2's (reproduce/distance_sweep.hpp) on this grid of N,
// without certified checks (Algorithm 2 has them).
#include <memory>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// Default grid: N in {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128} (steps of about 1.5x), L = 1024
// or the longest window; the critical N is known to the grid's resolution (the printed bracket).
std::unique_ptr<Experiment> critical_n_search(const SweepSettings& settings);

}  // namespace nb::reproduce
