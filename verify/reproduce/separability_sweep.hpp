#pragma once
// Algorithm 4 of arXiv 2508.17821 (Theorem 2, Fig. 3): the token vectors normalized onto the unit
// sphere, per query row the separable fraction N_s/N of the top-N set (radius r = the distance of
// the nearest token left out), the reconstructed lower bound 1 - sum_i xi_i/(r N) and the upper
// envelope (1/N) sum_i exp(-(xi_i - r)_+^2 / 2) of verify/kernels/separability.hpp, with delta the
// smallest separation among the row's tokens; means over rows, box plots over heads. The last row
// of each head and N is checked certified by separability-lower.
#include <memory>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// Default grid: N in {2, 4, 8, 16, 32, 64} at the full window (the paper's grid extends past 16).
std::unique_ptr<Experiment> separability_sweep(const SweepSettings& settings);

}  // namespace nb::reproduce
