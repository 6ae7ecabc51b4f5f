// The kernels of verify/kernels/normalizer.hpp: values against the standard library, derivatives and the
// Jacobian against central differences at high precision, monotonicity (Lemma 1 relies on it),
// and the softmax Jacobian against verify/kernels/softmax.hpp.
#include <cmath>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/normalizer.hpp"

namespace nb {
namespace {

template <class R>
Normalizer<R> kernel(NormalizerKind kind) {
  Normalizer<R> F;
  F.kind = kind;
  F.T = R(1) / R(2);
  F.c = R(1) / R(8);
  F.s = R(5);  // the square kernel's domain l > -5 holds every logit below
  return F;
}

constexpr NormalizerKind kKinds[] = {NormalizerKind::Softmax, NormalizerKind::Softplus, NormalizerKind::Tanh,
                                     NormalizerKind::Square};

TEST(Normalizer, ValuesMatchTheirDefinitions) {
  for (const double l : {-3.0, -0.25, 0.0, 1.5, 4.0}) {
    const double x = l / 0.5;
    EXPECT_DOUBLE_EQ(kernel<double>(NormalizerKind::Softmax).value(l), std::exp(x));
    EXPECT_DOUBLE_EQ(kernel<double>(NormalizerKind::Softplus).value(l), std::log1p(std::exp(x)));
    EXPECT_NEAR(kernel<double>(NormalizerKind::Tanh).value(l), 1 + std::tanh(x) + 0.125, 1e-15);
    EXPECT_DOUBLE_EQ(kernel<double>(NormalizerKind::Square).value(l), (l + 5) * (l + 5));
  }
  EXPECT_EQ(normalizer_kind("softplus"), NormalizerKind::Softplus);
  EXPECT_THROW(normalizer_kind("sparsemax"), InputError);
}

TEST(Normalizer, DerivativesMatchCentralDifferencesAndArePositive) {
  set_working_precision(256);
  const Mpfr h = ldexp(Mpfr(1), -60);
  for (const NormalizerKind kind : kKinds) {
    const Normalizer<Mpfr> F = kernel<Mpfr>(kind);
    for (const int twice_l : {-7, -1, 0, 3, 8}) {
      const Mpfr l = Mpfr(twice_l) / 2;
      const Mpfr difference = (F.value(Mpfr(l + h)) - F.value(Mpfr(l - h))) / (2 * h);
      EXPECT_LT(abs(difference - F.derivative(l)), ldexp(Mpfr(1), -100) * max_of(Mpfr(1), F.derivative(l)))
          << normalizer_name(kind) << " at " << l;
      EXPECT_GT(F.derivative(l), 0) << normalizer_name(kind) << ": every kernel is increasing";
      EXPECT_GT(F.value(l), 0) << normalizer_name(kind) << ": every kernel is positive";
    }
  }
}

TEST(Normalizer, JacobianMatchesCentralDifferencesOfTheWeights) {
  set_working_precision(256);
  const Mpfr h = ldexp(Mpfr(1), -60);
  random::Rng rng(7);
  const std::vector<double> l = random::gaussian(rng, 4, 1.0);
  Vector<Mpfr> logits(4);
  for (int i = 0; i < 4; ++i) logits[i] = point_of<Mpfr>(l[i]);
  for (const NormalizerKind kind : kKinds) {
    const Normalizer<Mpfr> F = kernel<Mpfr>(kind);
    const Matrix<Mpfr> J = normalizer_jacobian(normalizer_weights(F, logits), normalizer_slopes(F, logits));
    for (int j = 0; j < 4; ++j) {
      Vector<Mpfr> up = logits, down = logits;
      up[j] += h;
      down[j] -= h;
      const Vector<Mpfr> column = (normalizer_weights(F, up) - normalizer_weights(F, down)) / (2 * h);
      for (int i = 0; i < 4; ++i)
        EXPECT_LT(abs(column[i] - J(i, j)), ldexp(Mpfr(1), -100)) << normalizer_name(kind) << " (" << i << ", " << j << ")";
    }
  }
}

TEST(Normalizer, SoftmaxJacobianAgreesWithTheSoftmaxModule) {
  set_working_precision(128);
  random::Rng rng(11);
  const std::vector<double> l = random::gaussian(rng, 6, 3.0);
  Vector<Interval> logits(6);
  Vector<double> logits_double(6);
  for (int i = 0; i < 6; ++i) {
    logits[i] = point_of<Interval>(l[i]);
    logits_double[i] = l[i];
  }
  Normalizer<Interval> F;
  F.kind = NormalizerKind::Softmax;
  F.T = Interval(1) / Interval(10);
  const Matrix<Interval> general = normalizer_jacobian(normalizer_weights(F, logits), normalizer_slopes(F, logits));
  const Matrix<Interval> special = softmax_jacobian(softmax(logits, F.T), F.T);
  Normalizer<double> Fd;
  Fd.T = 0.1;
  const Matrix<double> general_double =
      normalizer_jacobian(normalizer_weights(Fd, logits_double), normalizer_slopes(Fd, logits_double));
  const Matrix<double> special_double = softmax_jacobian(softmax(logits_double, 0.1), 0.1);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) {
      // Both enclose the same exact entry, so they intersect; both are a few ulps wide.
      const Interval both = general(i, j) - special(i, j);
      EXPECT_TRUE(upper_end_of(both) >= 0 && upper_end_of(Interval(-both)) >= 0) << i << ", " << j;
      EXPECT_LT(upper_end_of(both) + upper_end_of(Interval(-both)), ldexp(Mpfr(1), -110));
      EXPECT_NEAR(general_double(i, j), special_double(i, j), 1e-15);
    }
}

TEST(Normalizer, WeightsOfEveryKernelSumToOneAndOrderLikeTheLogits) {
  const Vector<double> logits = (Vector<double>(5) << -2, -0.5, 0, 1, 3).finished();
  for (const NormalizerKind kind : kKinds) {
    const Vector<double> alpha = normalizer_weights(kernel<double>(kind), logits);
    EXPECT_NEAR(alpha.sum(), 1, 1e-15) << normalizer_name(kind);
    for (int i = 1; i < 5; ++i) EXPECT_LT(alpha[i - 1], alpha[i]) << normalizer_name(kind);
  }
}

}  // namespace
}  // namespace nb
