#pragma once
// One local minimization by NLopt: the optimizer of `normbound search` (a well-kept library rather
// than a hand-written Nelder-Mead: NLopt's Subplex copes with the kinks of min/max bounds and with
// rejected points).
#include <cstddef>
#include <functional>
#include <vector>

namespace nb::search {

// The objective: +infinity (or NaN) marks a point to avoid (it breaks the theorem's assumptions).
using Objective = std::function<double(const std::vector<double>&)>;

struct Minimum {
  std::vector<double> x;  // the best point evaluated
  double value = 0;       // the objective there
  std::size_t evaluations = 0;
};

// Minimizes `f` from `x0` with NLopt's Subplex (LN_SBPLX; derivative-free, unconstrained) within
// `budget` evaluations (at least 1: x0 itself is evaluated first). The first step of coordinate i
// is max(|x0_i| / 2, 1/2). Rethrows any exception of `f`.
Minimum minimize_locally(const Objective& f, const std::vector<double>& x0, std::size_t budget);

}  // namespace nb::search
