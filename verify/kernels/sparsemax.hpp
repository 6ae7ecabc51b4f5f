#pragma once
// Sparsemax (Martins & Astudillo 2016, "From softmax to sparsemax"): the Euclidean projection of z
// onto the probability simplex, p_i = max(z_i - tau, 0), in binary64 by the sort-based algorithm
// of their Alg. 1.
#include "verify/numbers/numbers.hpp"

namespace nb::kernels {

// The threshold tau of sparsemax(z): with z sorted in decreasing order, k the largest index with
// 1 + k z_(k) > z_(1) + ... + z_(k), tau = (z_(1) + ... + z_(k) - 1) / k. z non-empty.
double sparsemax_threshold(const Vector<double>& z);

// sparsemax(z) = max(z - tau, 0): non-negative, sums to 1 (up to rounding).
Vector<double> sparsemax(const Vector<double>& z);

}  // namespace nb::kernels
