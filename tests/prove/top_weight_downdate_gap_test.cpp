// The gap max_i a_i - lambda_max(diag(a) - a a^T) enclosed as one quantity
// (verify/kernels/top_weight_downdate_gap.hpp): at points and over boxes of logits, in binary64
// intervals, MPFI at random precisions and Arb balls, its enclosure holds the gap evaluated
// directly (the top weight and the secular-equation kernel's norm, at 512 bits); its lower end is
// 0 on a tie and > 0 where the top weight is certainly apart.
#include "verify/kernels/top_weight_downdate_gap.hpp"

#include <gtest/gtest.h>

#include <random>

#include "verify/numbers/arb_numbers.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"

namespace nb {
namespace top_weight_downdate_gap_test {

constexpr unsigned kSeed = 20261206;

// max_i a_i - ||J(l, 1)||_2 at the point `logits`, directly: MPFI at 512 bits, the norm by the
// secular-equation kernel (ties decided on the exact logits).
Interval direct_gap(const std::vector<double>& logits) {
  set_working_precision(512);
  const ExactTensor exact = ExactTensor::vector(logits);
  const Vector<Interval> a = softmax(exact.to_vector<Interval>(), Interval(1));
  return kth_largest(a, 1) - softmax_jacobian_norm(a, Interval(1), exact);
}

// The kernel's enclosure over the box [lo_i, lo_i + side] of logits, at T = 1, in R at `bits`.
template <class R>
std::pair<Mpfr, Mpfr> kernel_gap(const std::vector<double>& lo, double side, unsigned bits) {
  set_working_precision(bits);
  if constexpr (std::is_same_v<R, ArbInterval>) ArbInterval::set_precision(bits);
  Vector<R> box(static_cast<Eigen::Index>(lo.size()));
  for (std::size_t i = 0; i < lo.size(); ++i)
    box[static_cast<Eigen::Index>(i)] = between(lower_end_of(R(lo[i])), upper_end_of(R(lo[i] + side)));
  const R gap = top_weight_over_jacobian_norm_slack(box, R(1));
  set_working_precision(512);
  return {Mpfr(lower_end_of(gap)), Mpfr(upper_end_of(gap))};
}

// Random logits: ties (two or three equal top entries), near ties (apart by 2^-k), saturation.
std::vector<double> random_logits(std::mt19937_64& rng, int trial) {
  std::uniform_real_distribution<double> entry(-4, 4);
  const std::size_t L = 2 + static_cast<std::size_t>(trial % 6);
  std::vector<double> l(L);
  for (double& x : l) x = entry(rng);
  std::sort(l.begin(), l.end(), std::greater<>());
  switch (trial % 5) {
    case 0: l[1] = l[0]; break;                                       // a tie
    case 1: l[1] = l[0] - std::ldexp(1.0, -(trial % 40)); break;      // a near tie
    case 2: if (L >= 3) l[2] = l[1] = l[0]; break;                    // a triple tie
    case 3: l[0] += 40; break;                                        // a saturated top weight
    default: break;
  }
  return l;
}

template <class R>
void holds_the_direct_gap(unsigned bits) {
  std::mt19937_64 rng(kSeed + bits);
  SCOPED_TRACE("seed " + std::to_string(kSeed + bits) + ", " + std::to_string(bits) + " bits");
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const std::vector<double> l = random_logits(rng, trial);
    // At the point itself (a box of width 0), then on a box around it, sampled.
    const auto [lo, hi] = kernel_gap<R>(l, 0, bits);
    const Interval direct = direct_gap(l);
    ASSERT_TRUE(is_finite_value(direct));
    EXPECT_LE(lo, upper_end_of(direct)) << "trial " << trial;
    EXPECT_GE(hi, lower_end_of(direct)) << "trial " << trial;
    const double side = std::ldexp(1.0, -(trial % 12));
    const auto [box_lo, box_hi] = kernel_gap<R>(l, side, bits);
    for (int sample = 0; sample < 8; ++sample) {
      std::vector<double> point = l;
      for (double& x : point) x += side * unit(rng);
      const Interval at = direct_gap(point);
      EXPECT_LE(box_lo, upper_end_of(at)) << "trial " << trial << ", sample " << sample;
      EXPECT_GE(box_hi, lower_end_of(at)) << "trial " << trial << ", sample " << sample;
    }
  }
}

TEST(TopWeightDowndateGap, HoldsTheDirectGapInBinary64) { holds_the_direct_gap<DoubleInterval>(53); }

TEST(TopWeightDowndateGap, HoldsTheDirectGapInMpfiAtRandomPrecisions) {
  std::mt19937_64 rng(kSeed);
  for (int k = 0; k < 3; ++k) holds_the_direct_gap<Interval>(64 + static_cast<unsigned>(rng() % 400));
}

TEST(TopWeightDowndateGap, HoldsTheDirectGapInArbBalls) { holds_the_direct_gap<ArbInterval>(96); }

// On a tie the gap is 0 and the lower end is exactly 0, on a point or a box (the direct evaluation,
// two enclosures apart, reaches below 0); where the top logit
// is certainly apart the lower end is > 0 and within a factor 4 of the gap (its order near a
// tie, g / 2, where 1 - lambda / a_1 is first order in g).
TEST(TopWeightDowndateGap, ZeroOnATiePositiveApart) {
  for (const std::vector<double>& tie : {std::vector<double>{1, 1}, {2, 2, -1}, {0.5, 0.5, 0.5, 0}}) {
    const auto [lo, hi] = kernel_gap<DoubleInterval>(tie, 0, 53);
    EXPECT_EQ(lo, 0);
    EXPECT_GE(hi, 0);
    EXPECT_LE(lower_end_of(direct_gap(tie)), 0);
    EXPECT_EQ(kernel_gap<DoubleInterval>(tie, 1.0 / 64, 53).first, 0);
  }
  for (double apart : {1.0, 1.0 / 16, 1.0 / 1024}) {
    const std::vector<double> l = {1 + apart, 1, 0.25};
    const auto [lo, hi] = kernel_gap<Interval>(l, 0, 128);
    const Interval direct = direct_gap(l);
    EXPECT_GT(lo, 0) << apart;
    EXPECT_GT(Mpfr(4) * lo, lower_end_of(direct)) << apart;
    EXPECT_GE(hi, upper_end_of(direct)) << apart;
  }
}

TEST(TopWeightDowndateGap, ATemperatureThatMayBeZeroGivesUnknown) {
  Vector<DoubleInterval> l(2);
  l << DoubleInterval(0.0), DoubleInterval(1.0);
  EXPECT_TRUE(top_weight_over_jacobian_norm_slack(l, DoubleInterval::from_ends(-1, 1)).is_nan());
}

}  // namespace top_weight_downdate_gap_test
}  // namespace nb
