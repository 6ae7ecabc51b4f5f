// The vocabulary of linear algebra and normalizers (verify/formula/vocabulary/), each against an
// independent evaluation: Eigen's products and eigensolver in binary64, matrices built with known
// eigenvalues, a plain loop over sign vectors, the binary64 sparsemax and 1.5-entmax kernels and
// finite differences of them; enclosures hold the exact values, the exact tier gives them exactly,
// and misuse (a matrix that is not square, or certainly not symmetric) is refused.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <random>
#include <string>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"
#include "verify/kernels/entmax15.hpp"
#include "verify/kernels/sparsemax.hpp"

namespace nb::formula {
namespace {

template <class R>
Matrix<R> matrix_of(const Matrix<double>& m) {
  Matrix<R> out(m.rows(), m.cols());
  for (Eigen::Index k = 0; k < m.size(); ++k) out(k) = point_of<R>(m(k));
  return out;
}

template <class R>
Vector<R> vector_of(const Vector<double>& v) {
  Vector<R> out(v.size());
  for (Eigen::Index k = 0; k < v.size(); ++k) out[k] = point_of<R>(v[k]);
  return out;
}

template <class R>
Value<R> formula_value(const std::string& text, const Bindings<R>& names) {
  return evaluate(parse_formula(text), names);
}

template <class R>
R formula_scalar(const std::string& text, const Bindings<R>& names) {
  return evaluate_scalar(parse_formula(text), names);
}

Vector<double> gaussian_vector(std::mt19937_64& rng, Eigen::Index L, double sigma) {
  std::normal_distribution<double> gauss(0, sigma);
  Vector<double> z(L);
  for (Eigen::Index i = 0; i < L; ++i) z[i] = gauss(rng);
  return z;
}

bool holds(const DoubleInterval& x, double y) { return x.lower() <= y && y <= x.upper(); }

Matrix<double> random_integers(std::mt19937_64& rng, Eigen::Index rows, Eigen::Index cols) {
  std::uniform_int_distribution<int> draw(-9, 9);
  Matrix<double> m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m(k) = draw(rng);
  return m;
}

TEST(FormulaVocabulary, ProductsTransposeAndTraceAgreeWithEigenInEveryTier) {
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Index n = 1 + trial % 5, m = 1 + trial % 3, p = 2 + trial % 4;
    const Matrix<double> A = random_integers(rng, n, m), B = random_integers(rng, m, p);
    const Vector<double> x = random_integers(rng, m, 1).col(0);
    const Matrix<double> product = A * B;
    const Vector<double> image = A * x;
    const Bindings<double> d{{"A", A}, {"B", B}, {"x", x}};
    EXPECT_EQ(std::get<Matrix<double>>(formula_value("matmul(A, B)", d)), product) << trial;
    EXPECT_EQ(std::get<Vector<double>>(formula_value("matmul(A, x)", d)), image) << trial;
    EXPECT_EQ(std::get<Matrix<double>>(formula_value("transpose(A)", d)), Matrix<double>(A.transpose())) << trial;
    const double trace = (A * A.transpose()).trace();
    EXPECT_EQ(formula_scalar("trace(matmul(A, transpose(A)))", d), trace) << trial;
    // Integers: every tier exact.
    const Bindings<DoubleInterval> di{{"A", matrix_of<DoubleInterval>(A)}};
    const DoubleInterval t = formula_scalar("trace(matmul(A, transpose(A)))", di);
    EXPECT_EQ(t.lower(), trace);
    EXPECT_EQ(t.upper(), trace);
    const Bindings<ExactReal> e{{"A", matrix_of<ExactReal>(A)}};
    EXPECT_EQ(sign_of(ExactReal(formula_scalar("trace(matmul(A, transpose(A)))", e) - point_of<ExactReal>(trace))),
              ExactSign::Zero);
  }
}

// S = Q diag(lambda) Q^T scaled to integers, Q = I - 2 u u^T / u^T u (a rational reflection): its
// eigenvalues are exactly lambda_i (u^T u)^2.
Matrix<double> with_eigenvalues(const Vector<double>& u, const Vector<double>& lambda) {
  const Eigen::Index n = u.size();
  const double q = u.squaredNorm();
  const Matrix<double> Qq = q * Matrix<double>::Identity(n, n) - 2 * u * u.transpose();  // q Q, integers
  return Qq * lambda.asDiagonal() * Qq.transpose();
}

TEST(FormulaVocabulary, EigenvaluesOfASymmetricMatrixAreEnclosedAndExactUpToTwoByTwo) {
  std::mt19937_64 rng(44);
  std::uniform_int_distribution<int> draw(-4, 4);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Index n = 1 + trial % 6;
    Vector<double> u(n), lambda(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      u[i] = draw(rng);
      lambda[i] = draw(rng);
    }
    if (u.squaredNorm() == 0) u[0] = 1;
    if (trial % 4 == 0) lambda.setConstant(lambda[0]);  // a repeated top eigenvalue
    const Matrix<double> S = with_eigenvalues(u, lambda);
    const double scale = u.squaredNorm() * u.squaredNorm();
    const double top = lambda.maxCoeff() * scale, bottom = lambda.minCoeff() * scale;
    const Bindings<DoubleInterval> di{{"S", matrix_of<DoubleInterval>(S)}};
    const DoubleInterval hi = formula_scalar("eigmax(S)", di), lo = formula_scalar("eigmin(S)", di);
    EXPECT_TRUE(holds(hi, top)) << trial << " " << hi.lower() << " " << hi.upper() << " " << top;
    EXPECT_TRUE(holds(lo, bottom)) << trial << " " << lo.lower() << " " << bottom;
    // MPFI at 128 bits: narrow (the binary64 tier's spectral norm may fall back to a looser bound).
    set_working_precision(128);
    const Bindings<Interval> mi{{"S", matrix_of<Interval>(S)}};
    const Interval h = formula_scalar("eigmax(S)", mi);
    EXPECT_TRUE(lower_end_of(h) <= top && top <= upper_end_of(h)) << trial;
    EXPECT_LT(Mpfr(upper_end_of(h) - lower_end_of(h)), Mpfr(1e-20 * (1 + std::abs(top)))) << trial;
    // The approximate tiers: Eigen's eigensolver, independently run here.
    const Eigen::SelfAdjointEigenSolver<Matrix<double>> eigen(S);
    EXPECT_NEAR(formula_scalar("eigmax(S)", Bindings<double>{{"S", S}}), eigen.eigenvalues()[n - 1], 1e-9 * (1 + std::abs(top)));
    if (n <= 2) {
      const Bindings<ExactReal> e{{"S", matrix_of<ExactReal>(S)}};
      EXPECT_EQ(sign_of(ExactReal(formula_scalar("eigmax(S)", e) - point_of<ExactReal>(top))), ExactSign::Zero) << trial;
      EXPECT_EQ(sign_of(ExactReal(formula_scalar("eigmin(S)", e) - point_of<ExactReal>(bottom))), ExactSign::Zero) << trial;
    }
  }
}

TEST(FormulaVocabulary, EigenvaluesRefuseAMatrixThatIsCertainlyNotSymmetricOrNotSquare) {
  Matrix<double> A(2, 2);
  A << 1, 2, 3, 4;
  EXPECT_THROW(formula_scalar("eigmax(A)", Bindings<DoubleInterval>{{"A", matrix_of<DoubleInterval>(A)}}), OutsideDomain);
  EXPECT_THROW(formula_scalar("eigmin(A)", Bindings<ExactReal>{{"A", matrix_of<ExactReal>(A)}}), OutsideDomain);
  try {
    formula_scalar("eigmax(A)", Bindings<DoubleInterval>{{"A", matrix_of<DoubleInterval>(A)}});
  } catch (const OutsideDomain& e) {
    EXPECT_NE(std::string(e.what()).find("not symmetric"), std::string::npos) << e.what();
  }
  // Overlapping enclosures of a symmetric matrix are accepted.
  Matrix<DoubleInterval> S(2, 2);
  S << between(1.0, 1.0), between(1.0, 2.0), between(1.5, 3.0), between(0.0, 0.0);
  const DoubleInterval top = formula_scalar("eigmax(S)", Bindings<DoubleInterval>{{"S", S}});
  // Over [[1, b], [b, 0]] with b in [1.5, 2]: (1 + sqrt(1 + 4 b^2)) / 2 from 1.3028 to 2.5616.
  EXPECT_LE(top.lower(), (1 + std::sqrt(1 + 4 * 1.5 * 1.5)) / 2);
  EXPECT_GE(top.upper(), (1 + std::sqrt(1 + 4 * 2.0 * 2.0)) / 2);
  const Bindings<double> rect{{"A", Matrix<double>(Matrix<double>::Ones(2, 3))}};
  EXPECT_THROW(formula_scalar("eigmax(A)", rect), FormulaError);
  EXPECT_THROW(formula_scalar("trace(A)", rect), FormulaError);
  EXPECT_THROW(formula_value("matmul(A, A)", rect), FormulaError);
}

TEST(FormulaVocabulary, InfinityToOneNormIsTheMaximumOverSignVectors) {
  std::mt19937_64 rng(45);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Index rows = 1 + trial % 4, cols = 1 + trial % 6;
    const Matrix<double> A = random_integers(rng, rows, cols);
    double best = 0;  // every sign vector, both signs of the first entry
    for (long s = 0; s < (1L << cols); ++s) {
      Vector<double> x(cols);
      for (Eigen::Index j = 0; j < cols; ++j) x[j] = (s >> j) & 1 ? -1 : 1;
      best = std::max(best, (A * x).lpNorm<1>());
    }
    EXPECT_EQ(formula_scalar("inf_to_one_norm(A)", Bindings<double>{{"A", A}}), best) << trial;
    const DoubleInterval d = formula_scalar("inf_to_one_norm(A)", Bindings<DoubleInterval>{{"A", matrix_of<DoubleInterval>(A)}});
    EXPECT_TRUE(holds(d, best)) << trial;
    const ExactReal e = formula_scalar("inf_to_one_norm(A)", Bindings<ExactReal>{{"A", matrix_of<ExactReal>(A)}});
    EXPECT_EQ(sign_of(ExactReal(e - point_of<ExactReal>(best))), ExactSign::Zero) << trial;
  }
}

TEST(FormulaVocabulary, SparsemaxAndEntmaxAgreeWithTheirKernelsAndEncloseThemOverBoxes) {
  std::mt19937_64 rng(46);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 40; ++trial) {
    const Eigen::Index L = 1 + trial % 9;
    const Vector<double> z = gaussian_vector(rng, L, 1 + trial % 3);
    const Vector<double> sparse = kernels::sparsemax(z), ent = kernels::entmax15(z);
    const Bindings<double> d{{"z", z}};
    EXPECT_LT((std::get<Vector<double>>(formula_value("sparsemax(z)", d)) - sparse).norm(), 1e-14) << trial;
    EXPECT_LT((std::get<Vector<double>>(formula_value("entmax15(z)", d)) - ent).norm(), 1e-12) << trial;
    // A box around z: the kernels at points inside it lie in the enclosures.
    Vector<DoubleInterval> box(L);
    for (Eigen::Index i = 0; i < L; ++i) box[i] = between(z[i] - 1e-3, z[i] + 1e-3);
    const Bindings<DoubleInterval> b{{"z", box}};
    const auto sp = std::get<Vector<DoubleInterval>>(formula_value("sparsemax(z)", b));
    const auto en = std::get<Vector<DoubleInterval>>(formula_value("entmax15(z)", b));
    for (int sample = 0; sample < 10; ++sample) {
      Vector<double> inside(L);
      for (Eigen::Index i = 0; i < L; ++i) inside[i] = z[i] - 1e-3 + 2e-3 * unit(rng);
      const Vector<double> ps = kernels::sparsemax(inside), pe = kernels::entmax15(inside);
      for (Eigen::Index i = 0; i < L; ++i) {
        EXPECT_TRUE(sp[i].lower() - 1e-15 <= ps[i] && ps[i] <= sp[i].upper() + 1e-15) << trial << " " << i;
        EXPECT_TRUE(en[i].lower() - 1e-12 <= pe[i] && pe[i] <= en[i].upper() + 1e-12) << trial << " " << i;
      }
    }
    // At the point z the enclosures are narrow.
    const Bindings<DoubleInterval> point{{"z", vector_of<DoubleInterval>(z)}};
    const auto at = std::get<Vector<DoubleInterval>>(formula_value("entmax15(z)", point));
    for (Eigen::Index i = 0; i < L; ++i) {
      EXPECT_LT(at[i].upper() - at[i].lower(), 1e-9) << trial;
      EXPECT_TRUE(at[i].lower() - 1e-12 <= ent[i] && ent[i] <= at[i].upper() + 1e-12) << trial;
    }
    EXPECT_TRUE(holds(formula_scalar("sum(i, sparsemax(z)[i])", point), 1.0)) << trial;
  }
}

TEST(FormulaVocabulary, TheExactTierGivesSparsemaxAndEntmaxExactly) {
  // z = (1, 1/2, -1): the support {0, 1}, tau = 1/4, p = (3/4, 1/4, 0).
  const ExactInputs exact{{"z", ExactTensor::vector({1, 0.5, -1})}};
  const Bindings<ExactReal> e{{"z", exact.at("z").to_vector<ExactReal>()}};
  const Vector<ExactReal> p = std::get<Vector<ExactReal>>(formula_value("sparsemax(z)", e));
  EXPECT_EQ(sign_of(ExactReal(p[0] - point_of<ExactReal>(0.75))), ExactSign::Zero);
  EXPECT_EQ(sign_of(ExactReal(p[1] - point_of<ExactReal>(0.25))), ExactSign::Zero);
  EXPECT_EQ(sign_of(p[2]), ExactSign::Zero);
  // Tied logits: 1.5-entmax gives 1/L exactly (tau = -1/sqrt(L) on the scale of z/2).
  const Bindings<ExactReal> tied{{"z", ExactTensor::vector({2, 2, 2, 2}).to_vector<ExactReal>()}};
  const Vector<ExactReal> q = std::get<Vector<ExactReal>>(formula_value("entmax15(z)", tied));
  for (Eigen::Index i = 0; i < 4; ++i) EXPECT_EQ(sign_of(ExactReal(q[i] - point_of<ExactReal>(0.25))), ExactSign::Zero);
  EXPECT_EQ(sign_of(ExactReal(formula_scalar("sum(i, entmax15(z)[i])", e) - ExactReal(1))), ExactSign::Zero);
  // sigmoid(0) = 1/2 and ssmax of ties is uniform, exactly.
  EXPECT_EQ(sign_of(ExactReal(formula_scalar("sigmoid(0)", Bindings<ExactReal>{}) - point_of<ExactReal>(0.5))),
            ExactSign::Zero);
  const Bindings<ExactReal> with_s{{"z", tied.at("z")}, {"s", ExactReal(3)}};
  EXPECT_EQ(sign_of(ExactReal(formula_scalar("ssmax(z, s)[1]", with_s) - point_of<ExactReal>(0.25))), ExactSign::Zero);
}

TEST(FormulaVocabulary, SigmoidAndScalableSoftmaxAgreeWithPlainLoops) {
  std::mt19937_64 rng(47);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Index L = 1 + trial % 7;
    const Vector<double> z = gaussian_vector(rng, L, 3);
    const double s = 0.25 + trial % 4;
    Vector<double> expected(L);
    double total = 0;
    for (Eigen::Index i = 0; i < L; ++i) total += expected[i] = std::exp(s * std::log(double(L)) * z[i]);
    expected /= total;
    const Bindings<double> d{{"z", z}, {"s", s}};
    EXPECT_LT((std::get<Vector<double>>(formula_value("ssmax(z, s)", d)) - expected).norm(), 1e-13) << trial;
    const auto sig = std::get<Vector<double>>(formula_value("sigmoid(z)", d));
    const Bindings<DoubleInterval> di{{"z", vector_of<DoubleInterval>(z)}, {"s", point_of<DoubleInterval>(s)}};
    const auto sig_i = std::get<Vector<DoubleInterval>>(formula_value("sigmoid(z)", di));
    const auto ss_i = std::get<Vector<DoubleInterval>>(formula_value("ssmax(z, s)", di));
    for (Eigen::Index i = 0; i < L; ++i) {
      EXPECT_NEAR(sig[i], 1 / (1 + std::exp(-z[i])), 1e-15) << trial;
      EXPECT_TRUE(sig_i[i].lower() <= sig[i] + 1e-15 && sig[i] - 1e-15 <= sig_i[i].upper()) << trial;
      EXPECT_TRUE(ss_i[i].lower() <= expected[i] + 1e-13 && expected[i] - 1e-13 <= ss_i[i].upper()) << trial;
    }
  }
}

// Central differences of a kernel, column j: (f(z + h e_j) - f(z - h e_j)) / 2h.
template <class Kernel>
Matrix<double> finite_differences(const Vector<double>& z, Kernel f, double h) {
  Matrix<double> J(z.size(), z.size());
  for (Eigen::Index j = 0; j < z.size(); ++j) {
    Vector<double> up = z, down = z;
    up[j] += h;
    down[j] -= h;
    J.col(j) = (f(up) - f(down)) / (2 * h);
  }
  return J;
}

TEST(FormulaVocabulary, JacobiansOfSparsemaxAndEntmaxAgreeWithFiniteDifferences) {
  std::mt19937_64 rng(48);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Index L = 2 + trial % 6;
    const Vector<double> z = gaussian_vector(rng, L, 1);
    const Bindings<double> d{{"z", z}};
    const auto js = std::get<Matrix<double>>(formula_value("sparsemax_jacobian(z)", d));
    const auto je = std::get<Matrix<double>>(formula_value("entmax15_jacobian(z)", d));
    const double tau = kernels::sparsemax_threshold(z);
    if ((z.array() - tau).abs().minCoeff() > 1e-4) {  // a support that is locally constant
      EXPECT_LT((js - finite_differences(z, [](const Vector<double>& x) { return kernels::sparsemax(x); }, 1e-6)).norm(),
                1e-6)
          << trial;
    }
    EXPECT_LT((je - finite_differences(z, [](const Vector<double>& x) { return kernels::entmax15(x); }, 1e-6)).norm(),
              1e-5)
        << trial;
    // Enclosures at the point hold the binary64 matrices.
    const auto ji = std::get<Matrix<DoubleInterval>>(
        formula_value("entmax15_jacobian(z)", Bindings<DoubleInterval>{{"z", vector_of<DoubleInterval>(z)}}));
    for (Eigen::Index k = 0; k < je.size(); ++k)
      EXPECT_TRUE(ji(k).lower() - 1e-12 <= je(k) && je(k) <= ji(k).upper() + 1e-12) << trial;
  }
}

TEST(FormulaVocabulary, LatexNamesEachFunction) {
  EXPECT_EQ(latex(parse_formula("eigmax(matmul(A, transpose(A)))")), "\\lambda_{\\max}\\left(A \\, {A}^{\\top}\\right)");
  EXPECT_EQ(latex(parse_formula("trace(S)")), "\\operatorname{tr}\\left(S\\right)");
  EXPECT_EQ(latex(parse_formula("inf_to_one_norm(J)")), "\\left\\lVert J\\right\\rVert_{\\infty\\to 1}");
  EXPECT_EQ(latex(parse_formula("sparsemax(z)")), "\\operatorname{sparsemax}\\left(z\\right)");
  EXPECT_EQ(latex(parse_formula("ssmax(z, s)")), "\\operatorname{ssmax}_{s}\\left(z\\right)");
}

}  // namespace
}  // namespace nb::formula
