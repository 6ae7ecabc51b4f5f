// ||J||_2 over a box of logits and temperatures (verify/kernels/softmax_jacobian_norm_over_box.hpp): an
// enclosure of the norm at every sampled point, narrower than interval entries of J fed to the
// general spectral norm.
#include "verify/kernels/softmax_jacobian_norm_over_box.hpp"

#include <gtest/gtest.h>

#include <random>

#include "verify/kernels/softmax.hpp"
#include "verify/kernels/spectral_norm.hpp"

namespace nb {
namespace softmax_jacobian_norm_over_box_test {

constexpr unsigned kSeed = 20261204;

TEST(SoftmaxJacobianNormOverBox, EnclosesSampledNormsAndIsNarrowerThanIntervalEntries) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  std::uniform_real_distribution<double> centre(-3, 3), temperature(0.5, 2), unit(0, 1);
  double width_ratio_sum = 0;
  int boxes = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const std::size_t L = 2 + trial % 4;
    const double side = std::ldexp(1.0, -(trial % 6));  // 1 down to 1/32
    Vector<DoubleInterval> box(static_cast<Eigen::Index>(L));
    std::vector<double> lo(L);
    for (std::size_t i = 0; i < L; ++i) {
      lo[i] = centre(rng);
      box[static_cast<Eigen::Index>(i)] = DoubleInterval::from_ends(lo[i], lo[i] + side);
    }
    const double t_lo = temperature(rng), t_hi = t_lo + side / 8;
    const DoubleInterval T = DoubleInterval::from_ends(t_lo, t_hi);
    const DoubleInterval norm = softmax_jacobian_norm_over_box(box, T);
    ASSERT_FALSE(norm.is_nan()) << "trial " << trial;
    for (int sample = 0; sample < 40; ++sample) {
      Vector<double> l(static_cast<Eigen::Index>(L));
      for (std::size_t i = 0; i < L; ++i) l[static_cast<Eigen::Index>(i)] = lo[i] + side * unit(rng);
      const double t = t_lo + (t_hi - t_lo) * unit(rng);
      const double point = spectral_norm(Matrix<double>(softmax_jacobian(softmax(l, t), t)));
      EXPECT_LE(norm.lower(), point + 1e-12) << "trial " << trial;
      EXPECT_GE(norm.upper(), point - 1e-12) << "trial " << trial;
    }
    const DoubleInterval general = spectral_norm(softmax_jacobian(softmax(box, T), T));
    // The general kernel's upper end is unknown on some boxes (its Frobenius and 1-inf bounds of
    // wide entries); only where it knows one is it compared.
    if (side <= 1.0 / 8 && !general.is_nan()) {
      width_ratio_sum += (general.upper() - general.lower()) / (norm.upper() - norm.lower());
      ++boxes;
    }
  }
  // The general form is wider on average on the small boxes (measured: 2.2 times).
  std::cout << "mean width ratio, general / centred, over " << boxes << " boxes: " << width_ratio_sum / boxes << "\n";
  EXPECT_GT(width_ratio_sum / boxes, 1.5);
}

// Two top logits near a tie and a third far below, T = 1/2: ||J||_2 is within e^{-8} of 1/(2T) = 1,
// and the Weyl form's first-order term alone (about the weights' spread) reaches past 1. The
// compression bound keeps the upper end below 1 on a box of side 1/1024 (Gershgorin's is 1 there).
TEST(SoftmaxJacobianNormOverBox, StaysBelowTheSharpBoundNearATie) {
  Vector<DoubleInterval> box(3);
  box << DoubleInterval::from_ends(2 - 1.0 / 1024, 2), DoubleInterval::from_ends(2 - 1.0 / 1024, 2),
      DoubleInterval::from_ends(-2, -2 + 1.0 / 1024);
  const DoubleInterval norm = softmax_jacobian_norm_over_box(box, DoubleInterval(0.5));
  EXPECT_LT(norm.upper(), 1.0);
  EXPECT_GT(norm.upper(), 1.0 - 1e-3);
}

// Beyond kCompressionDenseLength the compression's trial vector comes from the eigenvector formula
// of a rank-one downdate (O(L)), not a dense eigensolver: the same vector up to rounding, so the
// bound it gives still encloses the norm at sampled points and stays as tight.
TEST(SoftmaxJacobianNormOverBox, LongRowsTakeTheDowndatesEigenvector) {
  std::mt19937_64 rng(kSeed);
  std::uniform_real_distribution<double> centre(-6, 6), unit(0, 1);
  const Eigen::Index L = 200;
  Eigen::VectorXd c(L);
  Vector<double> logits(L);
  for (Eigen::Index i = 0; i < L; ++i) logits[i] = centre(rng);
  const Vector<double> weights = softmax(logits, 1.0);
  for (Eigen::Index i = 0; i < L; ++i) c[i] = weights[i];
  Eigen::MatrixXd S = Eigen::MatrixXd(c.asDiagonal()) - c * c.transpose();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(S);
  const std::optional<Eigen::VectorXd> u = top_eigenvector(c, eigen.eigenvalues()[L - 1]);
  ASSERT_TRUE(u.has_value());
  EXPECT_GT(std::abs(u->normalized().dot(eigen.eigenvectors().col(L - 1))), 1 - 1e-9);

  Vector<DoubleInterval> box(L);
  for (Eigen::Index i = 0; i < L; ++i) box[i] = DoubleInterval::from_ends(logits[i], logits[i] + 1e-3);
  const DoubleInterval norm = softmax_jacobian_norm_over_box(box, DoubleInterval(1.0));
  ASSERT_FALSE(norm.is_nan());
  for (int sample = 0; sample < 10; ++sample) {
    Vector<double> l(L);
    for (Eigen::Index i = 0; i < L; ++i) l[i] = logits[i] + 1e-3 * unit(rng);
    const double point = spectral_norm(Matrix<double>(softmax_jacobian(softmax(l, 1.0), 1.0)));
    EXPECT_LE(norm.lower(), point + 1e-12);
    EXPECT_GE(norm.upper(), point - 1e-12);
  }
  EXPECT_LT(norm.upper() - norm.lower(), 1e-2);
}

TEST(SoftmaxJacobianNormOverBox, ATemperatureThatMayBeZeroGivesUnknown) {
  Vector<DoubleInterval> box(2);
  box << DoubleInterval(0.0), DoubleInterval(1.0);
  EXPECT_TRUE(softmax_jacobian_norm_over_box(box, DoubleInterval::from_ends(-1, 1)).is_nan());
}

}  // namespace softmax_jacobian_norm_over_box_test
}  // namespace nb
