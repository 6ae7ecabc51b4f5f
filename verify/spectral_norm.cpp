#include "verify/spectral_norm.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

namespace nb {
namespace {

template <class From>
Matrix<Interval> as_points(const Matrix<From>& m) {
  return m.unaryExpr([](const From& x) { return point_of<Interval>(x); });
}

// Eigenvectors of the symmetric matrix S (columns, eigenvalues ascending) at the working precision.
Matrix<Mpfr> eigenvectors(const Matrix<Mpfr>& S) {
  Eigen::SelfAdjointEigenSolver<Matrix<Mpfr>> solver(S);
  return solver.eigenvectors();
}

// C^T C for any number type, computing each symmetric pair of entries once. (No chained
// assignment: assigning a Boost MPFI number to itself leaves NaN.)
template <class R>
Matrix<R> gram(const Matrix<R>& C) {
  const Eigen::Index n = C.cols();
  Matrix<R> G(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = i; j < n; ++j) {
      G(i, j) = C.col(i).dot(C.col(j));
      if (j != i) G(j, i) = G(i, j);
    }
  return G;
}

// The double SVD's top right singular vector of A, at the working precision.
Vector<Mpfr> double_top_right_singular_vector(const Matrix<Mpfr>& A) {
  const Matrix<double> Ad = A.unaryExpr([](const Mpfr& x) { return x.convert_to<double>(); });
  Eigen::BDCSVD<Matrix<double>> svd(Ad, Eigen::ComputeThinV);
  return svd.matrixV().col(0).unaryExpr([](double x) { return point_of<Mpfr>(x); });
}

Interval frobenius_norm(const Matrix<Interval>& A) {
  Interval s = 0;
  for (Eigen::Index i = 0; i < A.size(); ++i) s += A(i) * A(i);
  return sqrt(s);
}

// sqrt(||A||_1 ||A||_inf): max column sum times max row sum of |a_ij|.
Interval norm1_inf(const Matrix<Interval>& A) {
  Interval col_max = 0, row_max = 0;
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    Interval s = 0;
    for (Eigen::Index i = 0; i < A.rows(); ++i) s += abs(A(i, j));
    col_max = max_of(col_max, s);
  }
  for (Eigen::Index i = 0; i < A.rows(); ++i) {
    Interval s = 0;
    for (Eigen::Index j = 0; j < A.cols(); ++j) s += abs(A(i, j));
    row_max = max_of(row_max, s);
  }
  return sqrt(col_max * row_max);
}

// Upper end of the largest Gershgorin bound max_i (E_ii + sum_{j != i} |E_ij|).
Mpfr gershgorin_max(const Matrix<Interval>& E) {
  Interval top = E(0, 0);
  for (Eigen::Index i = 0; i < E.rows(); ++i) {
    Interval r = E(i, i);
    for (Eigen::Index j = 0; j < E.cols(); ++j)
      if (j != i) r += abs(E(i, j));
    top = max_of(top, r);
  }
  return upper_end_of(top);
}

bool is_exact_zero(const Matrix<Interval>& A) {
  for (Eigen::Index i = 0; i < A.size(); ++i)
    if (!(lower_end_of(A(i)) == 0 && upper_end_of(A(i)) == 0)) return false;
  return true;
}

}  // namespace

double spectral_norm(const Matrix<double>& A) {
  if (A.size() == 0) return 0.0;
  Eigen::BDCSVD<Matrix<double>> svd(A);
  return svd.singularValues()(0);
}

Mpfr spectral_norm(const Matrix<Mpfr>& A) {
  if (A.size() == 0) return Mpfr(0);
  if (A.cols() > kVerifiedSpectralMaxDimension)
    return sqrt(product(A, double_top_right_singular_vector(A)).squaredNorm());
  const Matrix<Mpfr> Q = eigenvectors(gram(A));
  return sqrt(product(A, Vector<Mpfr>(Q.col(Q.cols() - 1))).squaredNorm());
}

Interval spectral_norm(const Matrix<Interval>& A) {
  for (Eigen::Index i = 0; i < A.size(); ++i)
    if (!is_finite_value(A(i))) return not_a_number<Interval>();
  if (A.size() == 0 || is_exact_zero(A)) return Interval(0);

  // Trial vectors: eigenvectors Q of mid(A)^T mid(A) (n small enough), else the double SVD's.
  const Matrix<Mpfr> mid = A.unaryExpr([](const Interval& x) { return midpoint_of(x); });
  const bool verified = A.cols() <= kVerifiedSpectralMaxDimension;
  const Matrix<Mpfr> Qmid = verified ? eigenvectors(gram(mid)) : Matrix<Mpfr>(double_top_right_singular_vector(mid));
  const Vector<Interval> v = as_points<Mpfr>(Matrix<Mpfr>(Qmid.col(Qmid.cols() - 1)));
  const Interval ratio = sqrt(product(A, v).squaredNorm() / v.squaredNorm());
  Mpfr lower = lower_end_of(ratio);
  if (!(lower > 0)) lower = 0;

  Mpfr upper = min_of(upper_end_of(frobenius_norm(A)), upper_end_of(norm1_inf(A)));
  if (verified) {
    const Matrix<Interval> Q = as_points<Mpfr>(Qmid);
    const Matrix<Interval> E = gram(Matrix<Interval>(product(A, Q)));  // = Q^T (A^T A) Q
    Matrix<Interval> G = gram(Q);
    for (Eigen::Index i = 0; i < G.rows(); ++i) G(i, i) -= 1;
    const Interval eta = frobenius_norm(G);
    if (upper_end_of(eta) < Mpfr(1) / 2) {
      const Interval lambda_max = between(Mpfr(0), gershgorin_max(E)) / (Interval(1) - eta);
      upper = min_of(upper, upper_end_of(sqrt(lambda_max)));
    }
  }
  return between(lower, upper);
}

ExactReal spectral_norm(const Matrix<ExactReal>&) { return ExactReal::unknown("general spectral norm"); }

}  // namespace nb
