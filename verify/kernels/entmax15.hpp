#pragma once
// 1.5-entmax (Peters, Niculae & Martins 2019, "Sparse sequence-to-sequence models"):
// p_i = [z_i/2 - tau]_+^2 with tau such that sum_i p_i = 1, in binary64 by the exact sort-based
// algorithm of their Alg. 2 (alpha = 1.5): with x = z/2 sorted in decreasing order, for each k the
// threshold tau_k = mean_k - sqrt(max(0, (1 - k (meansq_k - mean_k^2)) / k)) of the first k
// entries, and tau = tau_k for the largest k with tau_k <= x_(k).
#include "verify/numbers/numbers.hpp"

namespace nb::kernels {

// The threshold tau of 1.5-entmax(z) (on the scale of z/2). z non-empty.
double entmax15_threshold(const Vector<double>& z);

// 1.5-entmax(z) = [z/2 - tau]_+^2: non-negative, sums to 1 (up to rounding).
Vector<double> entmax15(const Vector<double>& z);

}  // namespace nb::kernels
