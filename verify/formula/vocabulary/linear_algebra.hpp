#pragma once
// Linear algebra as formula vocabulary: matmul, transpose, trace, eigmax, eigmin, inf_to_one_norm.
// Contracts, for every number type R (double and Mpfr approximate; DoubleInterval, Interval and
// ArbInterval enclose; ExactReal is exact or unknown; the prove Gradient carries derivatives):
//   matmul(A, B), matmul(A, x)   the product of a matrix with a matrix or a vector, by R's own
//       operations: for an interval type the output encloses the exact product for every point of
//       the inputs; exact in the exact tier; differentiable. Inner sizes must agree.
//   transpose(A), trace(A)       exact rearrangement and sum (A square for trace); differentiable.
//   eigmax(S), eigmin(S)         the largest / smallest eigenvalue of a symmetric matrix S. An
//       interval type's output encloses lambda_max((S + S^T)/2), which is lambda_max(S), for every
//       symmetric point of the inputs; where S is certainly not symmetric (the enclosures of S_ij
//       and S_ji are disjoint; exactly, in the exact tier) it has no value (OutsideDomain). Exact in
//       the exact tier up to 2 x 2 (the closed form), unknown beyond; no derivative kernel.
//   inf_to_one_norm(A)           max_{x in [-1, 1]^n} ||A x||_1 = max over sign vectors s of
//       ||A s||_1 (a convex function of x is largest at a vertex), by enumeration of the 2^(n-1)
//       sign vectors with s_0 = +1 (||A(-s)||_1 = ||A s||_1), n <= kMaxInfToOneColumns; an interval
//       type's output encloses it for every point of the inputs; exact in the exact tier (where
//       Calcium orders the candidates); no derivative kernel.
#include <Eigen/Eigenvalues>
#include <cstddef>
#include <span>
#include <string>

#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/kernels/spectral_norm.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {

// 2^15 sign vectors of up to 16 entries each, as the softmax Jacobian's infinity-to-one theorem.
inline constexpr Eigen::Index kMaxInfToOneColumns = 16;

namespace linear_algebra {

inline std::string size_text(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + " x " + std::to_string(cols);
}

inline void need_square(const char* what, Eigen::Index rows, Eigen::Index cols) {
  if (rows != cols)
    throw VocabularyMisuse(std::string(what) + " needs a square matrix, not a " + size_text(rows, cols) + " one");
}

template <class R>
Matrix<R> product(const Matrix<R>& A, const Matrix<R>& B) {
  if (A.cols() != B.rows())
    throw VocabularyMisuse("matmul of a " + size_text(A.rows(), A.cols()) + " matrix by a " +
                           size_text(B.rows(), B.cols()) + " one: the inner sizes differ");
  Matrix<R> out(A.rows(), B.cols());
  for (Eigen::Index i = 0; i < A.rows(); ++i)
    for (Eigen::Index j = 0; j < B.cols(); ++j) {
      R s = R(0);
      for (Eigen::Index k = 0; k < A.cols(); ++k) s += A(i, k) * B(k, j);
      out(i, j) = s;
    }
  return out;
}

template <class R>
Vector<R> product(const Matrix<R>& A, const Vector<R>& x) {
  if (A.cols() != x.size())
    throw VocabularyMisuse("matmul of a " + size_text(A.rows(), A.cols()) + " matrix by a vector of length " +
                           std::to_string(x.size()) + ": the inner sizes differ");
  Vector<R> out(A.rows());
  for (Eigen::Index i = 0; i < A.rows(); ++i) {
    R s = R(0);
    for (Eigen::Index k = 0; k < A.cols(); ++k) s += A(i, k) * x[k];
    out[i] = s;
  }
  return out;
}

template <class R>
R trace(const Matrix<R>& A) {
  need_square("trace", A.rows(), A.cols());
  R s = R(0);
  for (Eigen::Index i = 0; i < A.rows(); ++i) s += A(i, i);
  return s;
}

// Throws OutsideDomain where S is certainly not symmetric; false where the exact tier cannot
// decide whether it is (the value is then unknown).
template <class R>
bool symmetric_enough(const Matrix<R>& S, const char* what) {
  for (Eigen::Index i = 0; i < S.rows(); ++i)
    for (Eigen::Index j = i + 1; j < S.cols(); ++j) {
      bool differ = false;
      if constexpr (is_exact_number_v<R>) {
        const ExactSign s = sign_of(ExactReal(S(i, j) - S(j, i)));
        if (s == ExactSign::Unknown) return false;
        differ = s != ExactSign::Zero;
      } else if constexpr (is_interval_v<R>) {
        differ = upper_end_of(S(i, j)) < lower_end_of(S(j, i)) || upper_end_of(S(j, i)) < lower_end_of(S(i, j));
      }
      if (differ)
        throw OutsideDomain(std::string("outside the domain of ") + what + ": its argument is not symmetric (entries (" +
                            std::to_string(i) + ", " + std::to_string(j) + ") and (" + std::to_string(j) + ", " +
                            std::to_string(i) + ") differ)");
    }
  return true;
}

// lambda_max of the symmetric part of S (S square, checked by the caller), in R; see the top.
template <class R>
R largest_eigenvalue(const Matrix<R>& S, const char* what) {
  const Eigen::Index n = S.rows();
  if constexpr (is_exact_number_v<R>) {
    if (!symmetric_enough(S, what))
      return R::unknown(std::string("Calcium could not decide whether the argument of ") + what + " is symmetric");
  } else {
    symmetric_enough(S, what);
  }
  Matrix<R> M(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) M(i, j) = (S(i, j) + S(j, i)) / R(2);
  if constexpr (is_exact_number_v<R>) {
    if (n == 1) return M(0, 0);
    if (n == 2) {  // (a + d)/2 + sqrt(((a - d)/2)^2 + b^2)
      using std::sqrt;
      const R h = (M(0, 0) - M(1, 1)) / R(2);
      return R((M(0, 0) + M(1, 1)) / R(2) + sqrt(R(h * h + M(0, 1) * M(0, 1))));
    }
    return R::unknown(std::string(what) + " has no exact form beyond 2 x 2");
  } else if constexpr (is_interval_v<R>) {
    // lambda_max(M) = ||M + c I||_2 - c once M + c I is positive semidefinite for every symmetric
    // M in the enclosures, which Gershgorin's discs give for c >= max_i (sum_{j != i} |M_ij| - M_ii).
    // The spectral norm's enclosure holds every matrix of the enclosures, symmetric or not.
    using std::abs;
    R shift = R(0);
    for (Eigen::Index i = 0; i < n; ++i) {
      R radius = -M(i, i);
      for (Eigen::Index j = 0; j < n; ++j)
        if (j != i) radius += abs(M(i, j));
      shift = max_of(shift, radius);
    }
    const R c = point_of<R>(upper_end_of(shift));
    for (Eigen::Index i = 0; i < n; ++i) M(i, i) += c;
    return R(spectral_norm(M) - c);
  } else {  // double, Mpfr: an approximation from Eigen's self-adjoint eigensolver
    const Eigen::SelfAdjointEigenSolver<Matrix<R>> solver(M, Eigen::EigenvaluesOnly);
    return solver.eigenvalues()[n - 1];
  }
}

template <class R>
R eigmax(const Matrix<R>& S) {
  need_square("eigmax", S.rows(), S.cols());
  return largest_eigenvalue(S, "eigmax");
}

template <class R>
R eigmin(const Matrix<R>& S) {
  need_square("eigmin", S.rows(), S.cols());
  return R(-largest_eigenvalue(Matrix<R>(-S), "eigmin"));
}

template <class R>
R inf_to_one_norm(const Matrix<R>& A) {
  using std::abs;
  const Eigen::Index n = A.cols();
  if (n > kMaxInfToOneColumns)
    throw VocabularyMisuse("inf_to_one_norm enumerates 2^(n-1) sign vectors: " + std::to_string(n) +
                           " columns exceed the limit of " + std::to_string(kMaxInfToOneColumns));
  if (n == 0) return R(0);
  std::vector<R> candidates;
  for (std::size_t set = 0; set < (std::size_t{1} << (n - 1)); ++set) {
    R norm = R(0);
    for (Eigen::Index i = 0; i < A.rows(); ++i) {
      R y = A(i, 0);
      for (Eigen::Index j = 1; j < n; ++j) y += (set >> (j - 1)) & 1 ? R(-A(i, j)) : A(i, j);
      norm += abs(y);
    }
    candidates.push_back(norm);
  }
  if constexpr (is_exact_number_v<R>) {
    return max_of(std::span<const R>(candidates.data(), candidates.size()));
  } else {
    R best = candidates[0];
    for (std::size_t k = 1; k < candidates.size(); ++k) best = max_of(best, candidates[k]);
    return best;
  }
}

}  // namespace linear_algebra

// The kernel of `name` in R, or an empty function where the name is not this family's (or, for
// the prove gradients, has no derivative kernel).
template <class R>
VocabularyKernel<R> linear_algebra_kernel(const std::string& name) {
  using Args = std::span<const Operand<R>>;
  if (name == "matmul")
    return [](Args a) -> Value<R> {
      if (a[1].vector) return linear_algebra::product(*a[0].matrix, *a[1].vector);
      return linear_algebra::product(*a[0].matrix, *a[1].matrix);
    };
  if (name == "transpose") return [](Args a) -> Value<R> { return Matrix<R>(a[0].matrix->transpose()); };
  if (name == "trace") return [](Args a) -> Value<R> { return linear_algebra::trace(*a[0].matrix); };
  if constexpr (!is_gradient_v<R>) {
    if (name == "eigmax") return [](Args a) -> Value<R> { return linear_algebra::eigmax(*a[0].matrix); };
    if (name == "eigmin") return [](Args a) -> Value<R> { return linear_algebra::eigmin(*a[0].matrix); };
    if (name == "inf_to_one_norm")
      return [](Args a) -> Value<R> { return linear_algebra::inf_to_one_norm(*a[0].matrix); };
  }
  return {};
}

// The family's entries (linear_algebra.cpp).
const std::vector<VocabularyEntry>& linear_algebra_entries();

}  // namespace nb::formula
