// Gradient<R> (verify/prove/gradient_number.hpp): derivatives at points against closed forms, and
// over boxes against difference quotients, which by the mean value theorem lie in the derivative's
// range over the box.
#include "verify/prove/gradient_number.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "verify/numbers/double_interval.hpp"

namespace nb {
namespace {

using G = Gradient<DoubleInterval>;

// f(x, y) = exp(x y) / (1 + x^2) + log1p(y^2) - sqrt(x + 3) + |x - y| + max(x, y) * min(x, 2 y) - x^3 y,
// written once for every number type.
template <class T>
T f(const T& x, const T& y) {
  using std::abs;
  using std::exp;
  using std::log1p;
  using std::sqrt;
  return exp(x * y) / (T(1) + x * x) + log1p(y * y) - sqrt(x + T(3)) + abs(x - y) + max_of(x, y) * min_of(x, T(2) * y) -
         x * x * x * y;
}

// The closed-form partial derivatives of f where x != y, x != 2y, and the larger of (x, y) and the
// smaller of (x, 2y) are certain, in binary64.
void closed_form(double x, double y, double& fx, double& fy) {
  const double e = std::exp(x * y), q = 1 + x * x;
  fx = y * e / q - 2 * x * e / (q * q) - 0.5 / std::sqrt(x + 3) + (x > y ? 1 : -1) - 3 * x * x * y;
  fy = x * e / q + 2 * y / (1 + y * y) + (x > y ? -1 : 1) - x * x * x;
  // max(x, y) * min(x, 2y)
  const double mx = x > y ? x : y, mn = x < 2 * y ? x : 2 * y;
  const double dmx_dx = x > y ? 1 : 0, dmx_dy = x > y ? 0 : 1, dmn_dx = x < 2 * y ? 1 : 0, dmn_dy = x < 2 * y ? 0 : 2;
  fx += dmx_dx * mn + mx * dmn_dx;
  fy += dmx_dy * mn + mx * dmn_dy;
}

G seeded(double lo, double hi, std::size_t k) {
  G v(DoubleInterval::from_ends(lo, hi), {DoubleInterval(0.0), DoubleInterval(0.0)});
  v.gradient[k] = DoubleInterval(1.0);
  return v;
}

bool contains(const DoubleInterval& a, double x, double tolerance) {
  return a.lower() - tolerance <= x && x <= a.upper() + tolerance;
}

TEST(GradientNumber, DerivativesAtPointsMatchClosedForms) {
  const unsigned seed = 20261203;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2, 2);
  int checked = 0;
  for (int t = 0; t < 500; ++t) {
    const double x = u(rng), y = u(rng);
    if (std::abs(x - y) < 1e-3 || std::abs(x - 2 * y) < 1e-3) continue;
    const G v = f(seeded(x, x, 0), seeded(y, y, 1));
    double fx, fy;
    closed_form(x, y, fx, fy);
    ASSERT_EQ(v.gradient.size(), 2u);
    // The enclosures are of the exact derivative; the closed form's binary64 value is within a
    // few rounding errors of it.
    const double tol = 1e-12 * (1 + std::abs(fx) + std::abs(fy));
    EXPECT_TRUE(contains(v.gradient[0], fx, tol)) << x << " " << y << ": " << fx << " not in [" << v.gradient[0].lower() << ", " << v.gradient[0].upper() << "]";
    EXPECT_TRUE(contains(v.gradient[1], fy, tol)) << x << " " << y << ": " << fy;
    EXPECT_LT(v.gradient[0].upper() - v.gradient[0].lower(), 1e-9);
    EXPECT_TRUE(contains(v.value, f(x, y), tol));
    ++checked;
  }
  EXPECT_GT(checked, 400);
}

// Over a box the derivative's enclosure holds every difference quotient along its coordinate
// (the mean value theorem; Lebourg's at the kinks of |.|, max and min). A quotient is enclosed
// from binary64 interval values at the two points; it must meet the derivative's enclosure.
TEST(GradientNumber, BoxDerivativesHoldDifferenceQuotients) {
  const unsigned seed = 7;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2, 2), side(0.001, 0.5), frac(0, 1);
  for (int t = 0; t < 300; ++t) {
    const double x0 = u(rng), y0 = u(rng), hx = side(rng), hy = side(rng);
    const G v = f(seeded(x0, x0 + hx, 0), seeded(y0, y0 + hy, 1));
    for (int s = 0; s < 20; ++s) {
      const double x = x0 + hx * frac(rng), y = y0 + hy * frac(rng), xb = x0 + hx * frac(rng), yb = y0 + hy * frac(rng);
      const DoubleInterval X(x), Y(y), XB(xb), YB(yb);
      if (xb != x) {
        const DoubleInterval q = (f(XB, Y) - f(X, Y)) / (XB - X);
        EXPECT_FALSE(q.upper() < v.gradient[0].lower() || q.lower() > v.gradient[0].upper())
            << "d/dx on [" << x0 << ", " << x0 + hx << "] x [" << y0 << ", " << y0 + hy << "]: quotient [" << q.lower()
            << ", " << q.upper() << "], derivative [" << v.gradient[0].lower() << ", " << v.gradient[0].upper() << "]";
      }
      if (yb != y) {
        const DoubleInterval q = (f(X, YB) - f(X, Y)) / (YB - Y);
        EXPECT_FALSE(q.upper() < v.gradient[1].lower() || q.lower() > v.gradient[1].upper()) << "d/dy";
      }
    }
  }
}

TEST(GradientNumber, KinksGiveTheHullOfOneSidedDerivatives) {
  const G x = seeded(-1, 2, 0);
  const G a = abs(x);  // [-1, 1], its product with the seed 1 rounded outward (at most an ulp)
  EXPECT_LE(a.gradient[0].lower(), -1);
  EXPECT_GE(a.gradient[0].upper(), 1);
  EXPECT_LT(a.gradient[0].upper() - a.gradient[0].lower(), 2 + 1e-15);
  EXPECT_EQ(abs(seeded(1, 2, 0)).gradient[0].lower(), 1);
  EXPECT_EQ(abs(seeded(-2, -1, 0)).gradient[0].upper(), -1);
  // On a box with x >= 0 (or <= 0) touching 0, |x| is x (-x) on the whole box: a certain sign.
  EXPECT_EQ(abs(seeded(0, 2, 0)).gradient[0].lower(), 1);
  EXPECT_EQ(abs(seeded(-2, 0, 0)).gradient[0].upper(), -1);
  const G y = seeded(0, 1, 1);
  const G m = max_of(x, y);  // neither certainly larger: both gradients' hull
  EXPECT_EQ(m.gradient[0].lower(), 0);
  EXPECT_EQ(m.gradient[0].upper(), 1);
  EXPECT_EQ(m.gradient[1].lower(), 0);
  EXPECT_EQ(m.gradient[1].upper(), 1);
  const G big = seeded(3, 4, 0);
  EXPECT_EQ(max_of(big, y).gradient[0].lower(), 1);
  EXPECT_EQ(max_of(big, y).gradient[1].upper(), 0);
}

// With the box's offsets, values are narrowed by the mean-value form at the midpoint: on boxes of
// side 1/16 f's value is narrower than interval arithmetic's and still holds f at sampled points.
TEST(GradientNumber, CentredValuesAreNarrowerAndHoldSamples) {
  const unsigned seed = 11;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2, 2), frac(0, 1);
  const double h = 1.0 / 16;
  int narrower = 0;
  for (int t = 0; t < 200; ++t) {
    const double x0 = u(rng), y0 = u(rng);
    const std::vector<DoubleInterval> offsets{DoubleInterval::from_ends(-h / 2, h / 2),
                                              DoubleInterval::from_ends(-h / 2, h / 2)};
    const G plain_x = seeded(x0, x0 + h, 0), plain_y = seeded(y0, y0 + h, 1);
    const G x(plain_x.value, plain_x.gradient, DoubleInterval(x0 + h / 2), &offsets);
    const G y(plain_y.value, plain_y.gradient, DoubleInterval(y0 + h / 2), &offsets);
    const G centred = f(x, y), plain = f(plain_x, plain_y);
    narrower += centred.value.upper() - centred.value.lower() < 0.9 * (plain.value.upper() - plain.value.lower());
    for (int s = 0; s < 10; ++s) {
      const double px = x0 + h * frac(rng), py = y0 + h * frac(rng);
      EXPECT_TRUE(contains(centred.value, f(px, py), 1e-12)) << px << " " << py;
    }
  }
  EXPECT_GT(narrower, 100);
}

// sqrt at 0 has no finite derivative: the gradient is not finite, so callers fall back.
TEST(GradientNumber, NoFiniteDerivativeAtTheEdgeOfSqrt) {
  EXPECT_FALSE(is_finite_value(sqrt(seeded(0, 1, 0))));
  EXPECT_FALSE(is_finite_value(log(seeded(0, 1, 0))));
  EXPECT_TRUE(is_finite_value(sqrt(seeded(0.5, 1, 0))));
}

// The norm is Lipschitz at 0: its derivative over a box around 0 is finite and holds the
// difference quotients; away from 0 it is x / ||(x, y)||.
TEST(GradientNumber, NormHasBoundedDerivativesAtZero) {
  Vector<G> v(2);
  v[0] = seeded(-0.25, 0.5, 0);
  v[1] = seeded(-0.5, 0.125, 1);
  const G n = norm_of_entries(v);
  ASSERT_TRUE(is_finite_value(n));
  const auto norm = [](double x, double y) { return sqrt(DoubleInterval(x) * DoubleInterval(x) + DoubleInterval(y) * DoubleInterval(y)); };
  const DoubleInterval q = (norm(0.5, 0.125) - norm(-0.25, 0.125)) / DoubleInterval(0.75);
  EXPECT_FALSE(q.upper() < n.gradient[0].lower() || q.lower() > n.gradient[0].upper());
  v[0] = seeded(3, 3, 0);
  v[1] = seeded(4, 4, 1);
  const G p = norm_of_entries(v);
  EXPECT_TRUE(contains(p.gradient[0], 0.6, 1e-15));
  EXPECT_TRUE(contains(p.gradient[1], 0.8, 1e-15));
  EXPECT_LT(p.gradient[0].upper() - p.gradient[0].lower(), 1e-14);
}

}  // namespace
}  // namespace nb
