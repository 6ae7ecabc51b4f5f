// Theorem 2's geometric vocabulary (verify/formula/vocabulary/separation.hpp) against an
// independent evaluation: every pair and every distance in long double from the definitions
// (s summed directly, no Gram matrix), in binary64 and MPFI enclosures, with and without the
// inputs' exact values (the screened pairs), and exactly in the exact tier; misuse is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <string>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"
#include "verify/numbers/exact_real.hpp"

namespace nb::formula {
namespace {

struct Configuration {
  Matrix<double> X;
  Vector<double> a;
  Vector<double> S;  // 0/1
};

// Integer-valued rows (ties of distances and points on one sphere among them), weights k/64.
Configuration draw(std::mt19937_64& rng, Eigen::Index L, Eigen::Index d, Eigen::Index N) {
  std::uniform_int_distribution<int> entry(-3, 3), weight(1, 16);
  Configuration c{Matrix<double>(L, d), Vector<double>(L), Vector<double>::Zero(L)};
  for (Eigen::Index k = 0; k < c.X.size(); ++k) c.X(k) = entry(rng);
  for (Eigen::Index i = 0; i < L; ++i) c.a[i] = weight(rng) / 64.0;
  std::vector<Eigen::Index> order(static_cast<std::size_t>(L));
  for (Eigen::Index i = 0; i < L; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (Eigen::Index p = 0; p < N; ++p) c.S[order[static_cast<std::size_t>(p)]] = 1;
  return c;
}

// The definitions, in long double.
long double separation_of(const Matrix<double>& X) {
  long double best = INFINITY;
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = i + 1; j < X.rows(); ++j) {
      long double sum = 0;
      for (Eigen::Index k = 0; k < X.cols(); ++k) sum += (static_cast<long double>(X(i, k)) - X(j, k)) * (X(i, k) - X(j, k));
      best = std::min(best, std::sqrt(sum));
    }
  return best;
}

std::vector<long double> distances_of(const Configuration& c) {
  std::vector<long double> s(static_cast<std::size_t>(c.X.cols()), 0);
  for (Eigen::Index j = 0; j < c.X.rows(); ++j)
    if (c.S[j] == 1)
      for (Eigen::Index k = 0; k < c.X.cols(); ++k) s[static_cast<std::size_t>(k)] += static_cast<long double>(c.a[j]) * c.X(j, k);
  std::vector<long double> out;
  for (Eigen::Index m = 0; m < c.X.rows(); ++m) {
    long double sum = 0;
    for (Eigen::Index k = 0; k < c.X.cols(); ++k) {
      const long double t = s[static_cast<std::size_t>(k)] - static_cast<long double>(c.a[m]) * c.X(m, k);
      sum += t * t;
    }
    out.push_back(std::sqrt(sum));
  }
  return out;
}

template <class R>
Bindings<R> bindings_of(const Configuration& c) {
  Matrix<R> X(c.X.rows(), c.X.cols());
  for (Eigen::Index k = 0; k < c.X.size(); ++k) X(k) = point_of<R>(c.X(k));
  Vector<R> a(c.a.size()), S(c.S.size());
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    a[i] = point_of<R>(c.a[i]);
    S[i] = point_of<R>(c.S[i]);
  }
  return {{"X", X}, {"a", a}, {"S", S}};
}

ExactInputs exact_of(const Configuration& c) {
  std::vector<double> rows;
  for (Eigen::Index i = 0; i < c.X.rows(); ++i)
    for (Eigen::Index k = 0; k < c.X.cols(); ++k) rows.push_back(c.X(i, k));
  return {{"X", ExactTensor(static_cast<std::size_t>(c.X.rows()), static_cast<std::size_t>(c.X.cols()), rows)}};
}

// The middle of an exact number's enclosure, in binary64.
double approximately(const ExactReal& x) {
  const Interval e = enclosure_of(x);
  return ((lower_end_of(e) + upper_end_of(e)) / 2).convert_to<double>();
}

bool holds(const DoubleInterval& x, long double y) {
  return x.lower() <= y * (1 + 1e-15L) && y * (1 - 1e-15L) <= x.upper();
}

TEST(FormulaSeparation, SeparationAndDistancesEncloseTheDefinitionsInEveryTier) {
  std::mt19937_64 rng(2508);
  for (int trial = 0; trial < 60; ++trial) {
    const Eigen::Index L = 2 + trial % 9, d = 1 + trial % 4, N = 1 + trial % L;
    const Configuration c = draw(rng, L, d, N);
    const long double delta = separation_of(c.X);
    const std::vector<long double> dist = distances_of(c);
    const ExactInputs exact = exact_of(c);
    const Bindings<DoubleInterval> di = bindings_of<DoubleInterval>(c);
    for (const ExactInputs* with : {static_cast<const ExactInputs*>(nullptr), &exact}) {
      EXPECT_TRUE(holds(evaluate_scalar(parse_formula("separation(X)"), di, with), delta)) << trial;
      const auto got = std::get<Vector<DoubleInterval>>(evaluate(parse_formula("distances_to_sum(a, X, S)"), di, with));
      for (Eigen::Index m = 0; m < L; ++m) EXPECT_TRUE(holds(got[m], dist[static_cast<std::size_t>(m)])) << trial << " " << m;
    }
    const Bindings<Interval> mi = bindings_of<Interval>(c);
    const Interval wide = evaluate_scalar(parse_formula("separation(X)"), mi, &exact);
    EXPECT_TRUE(lower_end_of(wide) <= Mpfr(static_cast<double>(delta)) * Mpfr(1 + 1e-15) &&
                Mpfr(static_cast<double>(delta)) * Mpfr(1 - 1e-15) <= upper_end_of(wide))
        << trial;
    // Exact: the squares of the distances are rationals, compared with the long double ones.
    const Bindings<ExactReal> e = bindings_of<ExactReal>(c);
    const ExactReal exact_delta = evaluate_scalar(parse_formula("separation(X)"), e, &exact);
    EXPECT_NEAR(approximately(exact_delta), static_cast<double>(delta), 1e-12) << trial;
    const auto exact_dist = std::get<Vector<ExactReal>>(evaluate(parse_formula("distances_to_sum(a, X, S)"), e));
    for (Eigen::Index m = 0; m < L; ++m)
      EXPECT_NEAR(approximately(exact_dist[m]), static_cast<double>(dist[static_cast<std::size_t>(m)]), 1e-12) << trial;
  }
}

// The count from the definition: k in S with dist_k < min_{i not in S} dist_i.
long double count_of(const Configuration& c) {
  const std::vector<long double> dist = distances_of(c);
  long double radius = INFINITY;
  for (Eigen::Index i = 0; i < c.S.size(); ++i)
    if (c.S[i] == 0) radius = std::min(radius, dist[static_cast<std::size_t>(i)]);
  long double count = 0;
  for (Eigen::Index k = 0; k < c.S.size(); ++k)
    if (c.S[k] == 1 && dist[static_cast<std::size_t>(k)] < radius) ++count;
  return count;
}

TEST(FormulaSeparation, SeparableCountIsTheDefinitionsCountAndExactAtTies) {
  std::mt19937_64 rng(2509);
  int ties = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Index L = 2 + trial % 7, d = 1 + trial % 3, N = 1 + trial % (L - 1);
    const Configuration c = draw(rng, L, d, N);
    const long double expected = count_of(c);
    const DoubleInterval got = evaluate_scalar(parse_formula("separable_count(a, X, S)"), bindings_of<DoubleInterval>(c));
    EXPECT_TRUE(got.lower() <= expected && expected <= got.upper()) << trial;
    // The exact tier decides every comparison, ties (a distance equal to the radius) included.
    const ExactReal exact = evaluate_scalar(parse_formula("separable_count(a, X, S)"), bindings_of<ExactReal>(c));
    ASSERT_TRUE(exact.is_number()) << trial;
    EXPECT_EQ(sign_of(ExactReal(exact - point_of<ExactReal>(static_cast<double>(expected)))), ExactSign::Zero) << trial;
    ties += got.lower() != got.upper();
  }
  std::cout << ties << " of 200 counts left to the exact tier by binary64 intervals\n";
}

TEST(FormulaSeparation, TightWeightsAreCountedWithoutCancellation) {
  // Two selected tokens and a left-out one with weights e^-700: the squared distances are all
  // ||s||^2 up to 1e-300 relative, which the gap form still orders.
  Configuration c{Matrix<double>(3, 1), Vector<double>(3), Vector<double>(3)};
  c.X << 1, 2, 3;
  c.a << 1, std::exp(-700.0), std::exp(-700.0) / 2;
  c.S << 1, 1, 0;
  // dist_0 = a_1 x_1 = 2e^-700; dist_1 = 1; the left-out token: |1 + 2e^-700 - 1.5e^-700| > 1.
  const DoubleInterval got = evaluate_scalar(parse_formula("separable_count(a, X, S)"), bindings_of<DoubleInterval>(c));
  EXPECT_EQ(got.lower(), 2);
  EXPECT_EQ(got.upper(), 2);
}

TEST(FormulaSeparation, MisuseIsRefused) {
  Configuration c{Matrix<double>(3, 2), Vector<double>(3), Vector<double>(3)};
  c.X << 1, 0, 0, 1, 1, 1;
  c.a << 0.5, 0.25, 0.25;
  c.S << 1, 1, 1;
  // A set that leaves no token out has no radius.
  EXPECT_THROW(evaluate_scalar(parse_formula("separable_count(a, X, S)"), bindings_of<DoubleInterval>(c)), std::exception);
  // A vector that is no set.
  c.S << 1, 2, 0;
  EXPECT_THROW(evaluate(parse_formula("distances_to_sum(a, X, S)"), bindings_of<DoubleInterval>(c)), std::exception);
  // One row has no pair.
  const Bindings<DoubleInterval> one{{"X", Matrix<DoubleInterval>(Matrix<DoubleInterval>::Constant(1, 2, DoubleInterval(1)))}};
  EXPECT_THROW(evaluate_scalar(parse_formula("separation(X)"), one), std::exception);
  // Shapes: weights that are a scalar.
  EXPECT_THROW(evaluate(parse_formula("distances_to_sum(1, X, S)"), bindings_of<DoubleInterval>(c)), std::exception);
}

TEST(FormulaSeparation, LatexNamesTheDefinitions) {
  EXPECT_EQ(latex(parse_formula("separation(X)")), "\\min_{i\\ne j}\\left\\lVert X_i - X_j\\right\\rVert_2");
  EXPECT_NE(latex(parse_formula("separable_count(a, X, S)")).find("\\notin S"), std::string::npos);
}

}  // namespace
}  // namespace nb::formula
