#pragma once
// The spectral norm ||A||_2 (largest singular value) of a real matrix, not assumed symmetric.
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// Matrices with more columns than this get the cheap, possibly loose enclosure (see below):
// the verified eigen-decomposition costs O(n^3) interval operations.
inline constexpr Eigen::Index kVerifiedSpectralMaxDimension = 128;

// Approximation from Eigen's SVD in double. No error bound.
double spectral_norm(const Matrix<double>& A);

// Approximation at the working precision: ||A v|| for the top eigenvector v of A^T A from Eigen's
// self-adjoint eigensolver in Mpfr (for n > kVerifiedSpectralMaxDimension, v from the double
// SVD). No error bound.
Mpfr spectral_norm(const Matrix<Mpfr>& A);

// Certified enclosure of {||A||_2 : A in the interval matrix}, n = A.cols():
//   Lower end: ||A v||_2 / ||v||_2 evaluated in intervals for an approximate top right singular
//   vector v of the midpoint matrix (any v != 0 gives a lower bound).
//   Upper end (n <= kVerifiedSpectralMaxDimension): with Q the approximate eigenvectors of
//   mid(A)^T mid(A) from an MPFR eigensolver, E = (AQ)^T (AQ) = Q^T B Q (B = A^T A) and
//   G = Q^T Q - I are enclosed in intervals; then ||A||_2^2 = lambda_max(B) <= gershgorin_max(E) / (1 - ||G||_F)
//   (Ostrowski: the eigenvalues of Q^T B Q are those of the PSD matrix B scaled by factors
//   >= sigma_min(Q)^2 >= 1 - ||G||_F). The width is then about n ulps even for repeated top
//   singular values.
//   Upper end otherwise (or if ||G||_F >= 1/2): min(||A||_F, sqrt(||A||_1 ||A||_inf)), which may
//   exceed ||A||_2 by up to a factor sqrt(n).
// A matrix with a non-finite entry gives a NaN (hence inconclusive) enclosure.
Interval spectral_norm(const Matrix<Interval>& A);
// The same enclosure computed in binary64 intervals, trial vectors from double eigensolvers.
DoubleInterval spectral_norm(const Matrix<DoubleInterval>& A);

// No exact form in general (the root of a characteristic polynomial of degree n): unknown.
ExactReal spectral_norm(const Matrix<ExactReal>& A);

}  // namespace nb
