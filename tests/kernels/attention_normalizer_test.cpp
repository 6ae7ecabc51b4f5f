// The normalizers as the reproduction calls them, at a temperature: softmax is verify/kernels/softmax.hpp's
// bit for bit; sigmoid is its formula sigma(l/T - log L) (Ramapuram et al. 2024); ssmax is softmax at
// temperature T/(s log L) (Nakanishi 2025, s = 1); sparsemax and entmax15 see l/T; and each
// Jacobian-norm bound bounds the finite-difference sensitivity of Algorithm 5 on random rows.
#include "verify/kernels/attention_normalizer.hpp"

#include <gtest/gtest.h>

#include "tests/kernels/gaussian_rows.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/entmax15.hpp"
#include "verify/kernels/sparsemax.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb {
namespace {

using kernels::AttentionNormalizer;

TEST(AttentionNormalizer, NamesRoundTripAndUnknownNamesAreRefused) {
  for (AttentionNormalizer n : kernels::attention_normalizers())
    EXPECT_EQ(kernels::attention_normalizer(kernels::attention_normalizer_name(n)), n);
  EXPECT_THROW(kernels::attention_normalizer("entmax"), UsageError);
}

TEST(AttentionNormalizer, EachAgainstItsDefinition) {
  const double T = 0.7;
  for (const Vector<double>& l : kernels_test::gaussian_rows()) {
    const double L = static_cast<double>(l.size());
    const Vector<double> scaled = l / T;
    EXPECT_EQ(kernels::attention_weights(AttentionNormalizer::Softmax, l, T), softmax(l, T));
    EXPECT_EQ(kernels::attention_weights(AttentionNormalizer::Sparsemax, l, T), kernels::sparsemax(scaled));
    EXPECT_EQ(kernels::attention_weights(AttentionNormalizer::Entmax15, l, T), kernels::entmax15(scaled));
    const Vector<double> sigmoid = kernels::attention_weights(AttentionNormalizer::Sigmoid, l, T);
    for (Eigen::Index i = 0; i < l.size(); ++i)
      EXPECT_NEAR(sigmoid[i], 1 / (1 + L * std::exp(-l[i] / T)), 1e-15) << i;  // e^{-(x - log L)} = L e^{-x}
    const Vector<double> ssmax = kernels::attention_weights(AttentionNormalizer::Ssmax, l, T);
    if (l.size() == 1) EXPECT_EQ(ssmax[0], 1.0);
    else EXPECT_TRUE(ssmax.isApprox(softmax(l, T / std::log(L)), 1e-12)) << "L = " << l.size();
  }
}

TEST(AttentionNormalizer, JacobianBoundsBoundTheFiniteDifferences) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (AttentionNormalizer n : kernels::attention_normalizers())
    for (double T : {0.01, 0.3, 5.0})
      for (const Vector<double>& l : kernels_test::gaussian_rows()) {
        const double bound = kernels::jacobian_norm_bound(n, T);
        if (bound == 0) continue;  // ssmax: none independent of L
        Vector<double> v(l.size());
        for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = normal(rng);
        v /= v.norm();
        for (double eps : {1e-3, 1e-1, 10.0}) {
          const double g = (kernels::attention_weights(n, Vector<double>(l + eps * v), T) - kernels::attention_weights(n, l, T)).norm() / eps;
          EXPECT_LE(g, bound * (1 + 1e-9) + 1e-12 / eps) << kernels::attention_normalizer_name(n) << " T=" << T << " eps=" << eps;
        }
      }
}

}  // namespace
}  // namespace nb
