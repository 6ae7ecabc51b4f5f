#pragma once
// Algorithm 5 of arXiv 2508.17821 (Section 3.3, Fig. 4): the finite-difference sensitivity
// g(T, eps) = ||softmax((l + eps v)/T) - softmax(l/T)||_2 / eps of each query row, for a unit
// vector v drawn per row, l = q.k / sqrt(d) the model's scaled logits, averaged over rows, then
// the maximum over heads, against T for each eps. Needs only logits, so attention dumps test it.
#include <memory>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// Default grids: T = 10^(-2 + k/4), k = 0..16 (0.01 to 100); eps in {1e-3, 1e-1, 10} (the paper's).
std::unique_ptr<Experiment> sensitivity_sweep(const SweepSettings& settings);

}  // namespace nb::reproduce
