#pragma once
// Algorithm 3 of arXiv 2508.17821 (Fig. 2c): for N ascending, compare over heads the per-head mean
// of the true distance d~ (A) with the per-head mean of E[d~] (B) by the two-sample
// Kolmogorov-Smirnov test; the critical N is the first N at which the test does not reject at
// level alpha. The paper does not pin down the random-subset model nor alpha (its text says 0.01,
// its Algorithm 3 0.05), so the critical N is found for each expectation model and for both
// levels, at every L of the grid (the paper's Fig. 2c plots it against L). The per-head means are
// those of Algorithms 1 and 2 (reproduce/distance_sweep.hpp) on the grid L x N, without certified
// checks (Algorithms 1 and 2 have them).
#include <memory>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// Default grid: N in {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128} (steps of about 1.5x), L in
// {64, 128, 256, 512, 1024} (those the windows hold); the critical N is known to the grid's
// resolution (the printed bracket).
std::unique_ptr<Experiment> critical_n_search(const SweepSettings& settings);

}  // namespace nb::reproduce
