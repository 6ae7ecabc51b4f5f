// sparsemax in binary64 against Martins & Astudillo (2016)'s closed form and against its threshold
// equation sum_i max(z_i - tau, 0) = 1 solved by bisection.
#include "verify/kernels/sparsemax.hpp"

#include <gtest/gtest.h>

#include "tests/kernels/gaussian_rows.hpp"

namespace nb {
namespace {

TEST(Sparsemax, KnownCase) {
  // 1 + 3 (0.2) = 1.6 < 2.1 = 1 + 0.9 + 0.2: S = {1, 2}, tau = (1.9 - 1)/2 = 0.45.
  Vector<double> z(4);
  z << 1, 0.9, 0.2, -1;
  const Vector<double> p = kernels::sparsemax(z);
  EXPECT_NEAR(kernels::sparsemax_threshold(z), 0.45, 1e-15);
  EXPECT_NEAR(p[0], 0.55, 1e-15);
  EXPECT_NEAR(p[1], 0.45, 1e-15);
  EXPECT_EQ(p[2], 0.0);
  EXPECT_EQ(p[3], 0.0);
}

TEST(Sparsemax, TiesAreUniformAndAFarLogitTakesAll) {
  EXPECT_TRUE(kernels::sparsemax(Vector<double>::Constant(5, 3.0)).isApprox(Vector<double>::Constant(5, 0.2), 1e-15));
  Vector<double> z = Vector<double>::Zero(6);
  z[4] = 2;
  const Vector<double> p = kernels::sparsemax(z);
  EXPECT_EQ(p[4], 1.0);
  EXPECT_EQ(p.sum(), 1.0);
}

TEST(Sparsemax, OnTheSimplexWithTheBisectionThreshold) {
  for (const Vector<double>& z : kernels_test::gaussian_rows()) {
    const Vector<double> p = kernels::sparsemax(z);
    EXPECT_GE(p.minCoeff(), 0.0);
    EXPECT_NEAR(p.sum(), 1.0, 1e-12 * static_cast<double>(z.size()));
    const double tau = kernels_test::bisection_root(
        [&](double t) { return (z.array() - t).max(0.0).sum() - 1; }, z.minCoeff() - 1, z.maxCoeff());
    EXPECT_NEAR(kernels::sparsemax_threshold(z), tau, 1e-12 * std::max(1.0, std::abs(tau))) << "L = " << z.size();
  }
}

}  // namespace
}  // namespace nb
