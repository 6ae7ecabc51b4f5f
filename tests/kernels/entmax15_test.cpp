// 1.5-entmax in binary64 (Peters, Niculae & Martins 2019, the sort-based Alg. 2) against closed
// forms and against its threshold equation sum_i [z_i/2 - tau]_+^2 = 1 solved by bisection.
#include "verify/kernels/entmax15.hpp"

#include <gtest/gtest.h>

#include "tests/kernels/gaussian_rows.hpp"

namespace nb {
namespace {

TEST(Entmax15, TiesAreUniformAndAFarLogitTakesAll) {
  EXPECT_TRUE(kernels::entmax15(Vector<double>::Constant(4, -7.0)).isApprox(Vector<double>::Constant(4, 0.25), 1e-15));
  Vector<double> z = Vector<double>::Zero(5);
  z[1] = 3;  // z_1/2 - tau = 1 puts tau = 1/2 above the others' 0
  const Vector<double> p = kernels::entmax15(z);
  EXPECT_NEAR(p[1], 1.0, 1e-15);
  EXPECT_EQ(p[0], 0.0);
}

TEST(Entmax15, TwoTokensInClosedForm) {
  // z = (d, 0), both in the support when d < 2: (d/2 - tau)^2 + tau^2 = 1 gives
  // tau = (d/2 - sqrt(2 - d^2/4))/2, so p = ((d/4 + r)^2, (d/4 - r)^2) with r = sqrt(2 - d^2/4)/2.
  for (double d : {0.0, 0.5, 1.0, 1.9}) {
    Vector<double> z(2);
    z << d, 0;
    const double r = std::sqrt(2 - d * d / 4) / 2;
    const Vector<double> p = kernels::entmax15(z);
    EXPECT_NEAR(p[0], (d / 4 + r) * (d / 4 + r), 1e-14) << d;
    EXPECT_NEAR(p[1], (d / 4 - r) * (d / 4 - r), 1e-14) << d;
  }
}

TEST(Entmax15, OnTheSimplexWithTheBisectionThreshold) {
  for (const Vector<double>& z : kernels_test::gaussian_rows()) {
    const Vector<double> p = kernels::entmax15(z);
    EXPECT_GE(p.minCoeff(), 0.0);
    EXPECT_NEAR(p.sum(), 1.0, 1e-12 * static_cast<double>(z.size()));
    const double tau = kernels_test::bisection_root(
        [&](double t) { return (z.array() / 2 - t).max(0.0).square().sum() - 1; }, z.minCoeff() / 2 - 1, z.maxCoeff() / 2);
    EXPECT_NEAR(kernels::entmax15_threshold(z), tau, 1e-10 * std::max(1.0, std::abs(tau))) << "L = " << z.size();
    EXPECT_TRUE(p.isApprox(Vector<double>((z.array() / 2 - tau).max(0.0).square().matrix()), 1e-9)) << "L = " << z.size();
  }
}

}  // namespace
}  // namespace nb
