// The softmax of a box of logits as verify/kernels/softmax_over_box.hpp writes it: an enclosure of the
// weights at every point of the box, within the engine's form, and for a point temperature the
// range itself (its ends are the weights at the two vertices the header names).
#include "verify/kernels/softmax_over_box.hpp"

#include <gtest/gtest.h>

#include <random>

#include "verify/kernels/softmax.hpp"

namespace nb {
namespace softmax_over_box_test {

constexpr unsigned kSeed = 20261203;

Vector<DoubleInterval> box_of(const std::vector<double>& lo, const std::vector<double>& hi) {
  Vector<DoubleInterval> v(static_cast<Eigen::Index>(lo.size()));
  for (std::size_t i = 0; i < lo.size(); ++i) v[static_cast<Eigen::Index>(i)] = DoubleInterval::from_ends(lo[i], hi[i]);
  return v;
}

Vector<double> point_softmax(const std::vector<double>& l, double T) {
  Vector<double> v(static_cast<Eigen::Index>(l.size()));
  for (std::size_t i = 0; i < l.size(); ++i) v[static_cast<Eigen::Index>(i)] = l[i];
  return softmax(v, T);
}

TEST(SoftmaxOverBox, EnclosesSampledWeightsWithinTheEngineForm) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  std::uniform_real_distribution<double> centre(-4, 4), side(0, 1), temperature(0.25, 4), unit(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t L = 2 + trial % 5;
    std::vector<double> lo(L), hi(L);
    for (std::size_t i = 0; i < L; ++i) {
      lo[i] = centre(rng);
      hi[i] = lo[i] + side(rng);
    }
    const double t_lo = temperature(rng), t_hi = t_lo * (1 + unit(rng));
    const DoubleInterval T = DoubleInterval::from_ends(t_lo, t_hi);
    const Vector<DoubleInterval> box = box_of(lo, hi);
    const Vector<DoubleInterval> a = softmax_over_box(box, T), naive = softmax(box, T);
    for (std::size_t i = 0; i < L; ++i) {
      const auto k = static_cast<Eigen::Index>(i);
      EXPECT_GE(a[k].lower(), naive[k].lower()) << "trial " << trial;
      EXPECT_LE(a[k].upper(), naive[k].upper()) << "trial " << trial;
    }
    for (int sample = 0; sample < 50; ++sample) {
      std::vector<double> l(L);
      for (std::size_t i = 0; i < L; ++i) l[i] = lo[i] + (hi[i] - lo[i]) * unit(rng);
      const Vector<double> w = point_softmax(l, t_lo + (t_hi - t_lo) * unit(rng));
      for (std::size_t i = 0; i < L; ++i) {
        const auto k = static_cast<Eigen::Index>(i);
        EXPECT_LE(a[k].lower(), w[k] * (1 + 1e-12)) << "trial " << trial << ", weight " << i;
        EXPECT_GE(a[k].upper(), w[k] * (1 - 1e-12)) << "trial " << trial << ", weight " << i;
      }
    }
  }
}

// For a point T the ends are the weights at the vertices (l_i low, the others high) and (l_i
// high, the others low): the enclosure is the range, up to rounding.
TEST(SoftmaxOverBox, EndsAreTheVertexWeightsForAPointTemperature) {
  std::mt19937_64 rng(kSeed + 1);
  SCOPED_TRACE("seed " + std::to_string(kSeed + 1));
  std::uniform_real_distribution<double> centre(-4, 4), side(0, 2);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t L = 2 + trial % 4;
    std::vector<double> lo(L), hi(L);
    for (std::size_t i = 0; i < L; ++i) {
      lo[i] = centre(rng);
      hi[i] = lo[i] + side(rng);
    }
    const Vector<DoubleInterval> a = softmax_over_box(box_of(lo, hi), DoubleInterval(1.0));
    for (std::size_t i = 0; i < L; ++i) {
      std::vector<double> low = hi, high = lo;
      low[i] = lo[i];
      high[i] = hi[i];
      const auto k = static_cast<Eigen::Index>(i);
      EXPECT_NEAR(a[k].lower(), point_softmax(low, 1)[k], 1e-14) << "trial " << trial;
      EXPECT_NEAR(a[k].upper(), point_softmax(high, 1)[k], 1e-14) << "trial " << trial;
    }
  }
}

// The header's example: logits in [-1, 1]^2, T = 1.
TEST(SoftmaxOverBox, TheHeadersExample) {
  const Vector<DoubleInterval> box = box_of({-1, -1}, {1, 1});
  const Vector<DoubleInterval> a = softmax_over_box(box, DoubleInterval(1.0)), naive = softmax(box, DoubleInterval(1.0));
  EXPECT_NEAR(a[0].lower(), 1 / (1 + std::exp(2.0)), 1e-15);
  EXPECT_NEAR(a[0].upper(), 1 / (1 + std::exp(-2.0)), 1e-15);
  EXPECT_LT(naive[0].lower(), 0.068);
  EXPECT_GT(naive[0].upper(), 3.69);
}

TEST(SoftmaxOverBox, ATemperatureThatMayBeZeroGivesUnknownWeights) {
  const Vector<DoubleInterval> a = softmax_over_box(box_of({0, 1}, {0, 1}), DoubleInterval::from_ends(0, 1));
  EXPECT_TRUE(a[0].is_nan());
  EXPECT_TRUE(a[1].is_nan());
}

// Beyond kSoftmaxOverBoxPairwiseLength at a point T, the factored O(L) form: still the range up to
// a few roundings (the weights at the two extreme vertices), and an enclosure of sampled weights.
TEST(SoftmaxOverBox, LongRowsAtAPointTemperatureKeepTheRange) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  std::uniform_real_distribution<double> centre(-20, 20), unit(0, 1);
  for (const std::size_t L : {65, 300, 1024}) {
    std::vector<double> lo(L), hi(L);
    for (std::size_t i = 0; i < L; ++i) {
      lo[i] = centre(rng);
      hi[i] = lo[i] + 1e-3 * unit(rng);
    }
    const double T = 8;
    const Vector<DoubleInterval> a = softmax_over_box(box_of(lo, hi), DoubleInterval(T));
    for (std::size_t i = 0; i < L; i += 7) {
      const auto k = static_cast<Eigen::Index>(i);
      std::vector<double> low_vertex = hi, high_vertex = lo;  // weight i at its least and its most
      low_vertex[i] = lo[i];
      high_vertex[i] = hi[i];
      const double least = point_softmax(low_vertex, T)[k], most = point_softmax(high_vertex, T)[k];
      EXPECT_LE(a[k].lower(), least * (1 + 1e-12)) << "L = " << L << ", weight " << i;
      EXPECT_GE(a[k].upper(), most * (1 - 1e-12)) << "L = " << L << ", weight " << i;
      // Within a few roundings of the range: relative widening far below the box's own spread.
      EXPECT_GE(a[k].lower(), least * (1 - 1e-12)) << "L = " << L << ", weight " << i;
      EXPECT_LE(a[k].upper(), most * (1 + 1e-12)) << "L = " << L << ", weight " << i;
    }
    for (int sample = 0; sample < 20; ++sample) {
      std::vector<double> l(L);
      for (std::size_t i = 0; i < L; ++i) l[i] = lo[i] + (hi[i] - lo[i]) * unit(rng);
      const Vector<double> w = point_softmax(l, T);
      for (std::size_t i = 0; i < L; ++i) {
        const auto k = static_cast<Eigen::Index>(i);
        EXPECT_LE(a[k].lower(), w[k] * (1 + 1e-12)) << "L = " << L << ", weight " << i;
        EXPECT_GE(a[k].upper(), w[k] * (1 - 1e-12)) << "L = " << L << ", weight " << i;
      }
    }
  }
}

}  // namespace softmax_over_box_test
}  // namespace nb
