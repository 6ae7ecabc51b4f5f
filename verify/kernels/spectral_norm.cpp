#include "verify/kernels/spectral_norm.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include "verify/numbers/arb_numbers.hpp"

namespace nb {
namespace {

template <class I, class From>
Matrix<I> as_points(const Matrix<From>& m) {
  return m.unaryExpr([](const From& x) { return point_of<I>(x); });
}

// Eigenvectors of the symmetric matrix S (columns, eigenvalues ascending), in double or at the
// working precision.
template <class P>
Matrix<P> eigenvectors(const Matrix<P>& S) {
  Eigen::SelfAdjointEigenSolver<Matrix<P>> solver(S);
  return solver.eigenvectors();
}

// C^T C for any number type, computing each symmetric pair of entries once.
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

// The double SVD's top right singular vector of A, as points of A's type.
template <class P>
Vector<P> double_top_right_singular_vector(const Matrix<P>& A) {
  const Matrix<double> Ad = A.unaryExpr([](const P& x) { return static_cast<double>(x); });
  Eigen::BDCSVD<Matrix<double>> svd(Ad, Eigen::ComputeThinV);
  return svd.matrixV().col(0).unaryExpr([](double x) { return point_of<P>(x); });
}

template <class I>
I frobenius_norm(const Matrix<I>& A) {
  I s = I(0);
  for (Eigen::Index i = 0; i < A.size(); ++i) s += A(i) * A(i);
  return sqrt(s);
}

// sqrt(||A||_1 ||A||_inf): max column sum times max row sum of |a_ij|.
template <class I>
I norm1_inf(const Matrix<I>& A) {
  I col_max = I(0), row_max = I(0);
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    I s = I(0);
    for (Eigen::Index i = 0; i < A.rows(); ++i) s += abs(A(i, j));
    col_max = max_of(col_max, s);
  }
  for (Eigen::Index i = 0; i < A.rows(); ++i) {
    I s = I(0);
    for (Eigen::Index j = 0; j < A.cols(); ++j) s += abs(A(i, j));
    row_max = max_of(row_max, s);
  }
  return sqrt(col_max * row_max);
}

// Upper end of the largest Gershgorin bound max_i (E_ii + sum_{j != i} |E_ij|).
template <class I>
auto gershgorin_max(const Matrix<I>& E) {
  I top = E(0, 0);
  for (Eigen::Index i = 0; i < E.rows(); ++i) {
    I r = E(i, i);
    for (Eigen::Index j = 0; j < E.cols(); ++j)
      if (j != i) r += abs(E(i, j));
    top = max_of(top, r);
  }
  return upper_end_of(top);
}

template <class I>
bool is_exact_zero(const Matrix<I>& A) {
  for (Eigen::Index i = 0; i < A.size(); ++i)
    if (!(lower_end_of(A(i)) == 0 && upper_end_of(A(i)) == 0)) return false;
  return true;
}

// The certified enclosure of spectral_norm.hpp, for the interval types; the trial vectors are
// points of the type's ends (Mpfr for Interval and ArbInterval, double for DoubleInterval).
template <class I>
I certified_spectral_norm(const Matrix<I>& A) {
  using P = decltype(midpoint_of(A(0)));
  for (Eigen::Index i = 0; i < A.size(); ++i)
    if (!is_finite_value(A(i))) return not_a_number<I>();
  if (A.size() == 0 || is_exact_zero(A)) return I(0);

  // Trial vectors: eigenvectors Q of mid(A)^T mid(A) (n small enough), else the double SVD's.
  const Matrix<P> mid = A.unaryExpr([](const I& x) { return midpoint_of(x); });
  const bool verified = A.cols() <= kVerifiedSpectralMaxDimension;
  const Matrix<P> Qmid = verified ? eigenvectors(gram(mid)) : Matrix<P>(double_top_right_singular_vector(mid));
  const Vector<I> v = as_points<I, P>(Matrix<P>(Qmid.col(Qmid.cols() - 1)));
  const I ratio = sqrt(product(A, v).squaredNorm() / v.squaredNorm());
  P lower = lower_end_of(ratio);
  if (!(lower > 0)) lower = 0;

  P upper = min_of(upper_end_of(frobenius_norm(A)), upper_end_of(norm1_inf(A)));
  if (verified) {
    const Matrix<I> Q = as_points<I, P>(Qmid);
    const Matrix<I> E = gram(Matrix<I>(product(A, Q)));  // = Q^T (A^T A) Q
    Matrix<I> G = gram(Q);
    for (Eigen::Index i = 0; i < G.rows(); ++i) G(i, i) -= I(1);
    const I eta = frobenius_norm(G);
    if (upper_end_of(eta) < P(1) / 2) {
      const I lambda_max = between(P(0), gershgorin_max(E)) / (I(1) - eta);
      upper = min_of(upper, upper_end_of(sqrt(lambda_max)));
    }
  }
  return between(lower, upper);
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

Interval spectral_norm(const Matrix<Interval>& A) { return certified_spectral_norm(A); }

DoubleInterval spectral_norm(const Matrix<DoubleInterval>& A) { return certified_spectral_norm(A); }

ArbInterval spectral_norm(const Matrix<ArbInterval>& A) { return certified_spectral_norm(A); }

ExactReal spectral_norm(const Matrix<ExactReal>&) { return ExactReal::unknown("general spectral norm"); }

}  // namespace nb
