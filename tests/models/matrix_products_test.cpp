// The OpenBLAS matrix products of the forward pass: right values on strided blocks and ragged
// tiles, and bitwise the same results for one, two and three threads.
#include "models/gpt2/matrix_products.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdlib>
#include <functional>

namespace nb::gpt2 {
namespace {

// Shapes spanning several of affine()'s tiles in both directions, the last ones partial. The
// inner dimension is one where OpenBLAS's own threading would change roundings.
constexpr Eigen::Index kRows = 600, kInner = 600, kCols = 1000;

template <class T>
Matrix<T> random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::srand(seed);
  return Matrix<T>::Random(rows, cols);
}

template <class T>
AffineWeights<T> random_affine(Eigen::Index in, Eigen::Index out) {
  return {random_matrix<T>(in, out, 2), random_matrix<T>(1, out, 3)};
}

// Largest |actual - expected|.
template <class T>
double max_error(const Matrix<T>& actual, const Matrix<double>& expected) {
  return (actual.template cast<double>() - expected).cwiseAbs().maxCoeff();
}

// Runs `compute` with 1, 2 and 3 OpenMP threads and expects bitwise equal results.
template <class T>
void expect_thread_independent(const std::function<Matrix<T>()>& compute) {
  const int threads_before = omp_get_max_threads();
  omp_set_num_threads(1);
  const Matrix<T> serial = compute();
  for (int threads : {2, 3}) {
    omp_set_num_threads(threads);
    EXPECT_EQ(compute(), serial) << threads << " threads";
  }
  omp_set_num_threads(threads_before);
}

TEST(MatrixProducts, AffineAddsTheBiasToTheProductOnEveryTile) {
  const auto x = random_matrix<double>(kRows, kInner, 1);
  const auto a = random_affine<double>(kInner, kCols);
  Matrix<double> expected = x * a.weight;  // Eigen's product, a different summation order
  expected.rowwise() += a.bias;
  EXPECT_LT(max_error(affine<double>(x, a), expected), 1e-11);
  // The float product of the same (float-rounded) entries: sums of 600 products of entries in
  // [-1, 1] stay within about 600 * 2^-24 * 600 = 0.02 of the exact sum, typically far closer.
  const AffineWeights<float> af{a.weight.cast<float>(), a.bias.cast<float>()};
  const Matrix<float> xf = x.cast<float>();
  Matrix<double> expected_float = xf.cast<double>() * af.weight.cast<double>();
  expected_float.rowwise() += af.bias.cast<double>();
  EXPECT_LT(max_error(affine<float>(xf, af), expected_float), 1e-3);
}

TEST(MatrixProducts, MultiplyWorksOnBlocksWithAndWithoutTranspose) {
  const auto a = random_matrix<double>(70, 50, 4);
  const auto b = random_matrix<double>(60, 40, 5);
  Matrix<double> c = Matrix<double>::Zero(30, 80);
  // a's block [20, 30) x [10, 40) times b's block [5, 35) x [2, 37): c's block at (3, 7).
  multiply<double>(a.block(20, 10, 20, 30), b.block(5, 2, 30, 35), false, c.block(3, 7, 20, 35));
  const Matrix<double> product = a.block(20, 10, 20, 30) * b.block(5, 2, 30, 35);
  EXPECT_LT((c.block(3, 7, 20, 35) - product).cwiseAbs().maxCoeff(), 1e-13);
  Matrix<double> outside = c;
  outside.block(3, 7, 20, 35).setZero();
  EXPECT_EQ(outside, Matrix<double>::Zero(30, 80));  // nothing written outside the block
  // Times a transposed block of b: [20 x 30] * [25 x 30]^T.
  Matrix<double> d(20, 25);
  multiply<double>(a.block(20, 10, 20, 30), b.block(5, 2, 25, 30), true, d);
  const Matrix<double> transposed = a.block(20, 10, 20, 30) * b.block(5, 2, 25, 30).transpose();
  EXPECT_LT((d - transposed).cwiseAbs().maxCoeff(), 1e-13);
}

TEST(MatrixProducts, AffineColumnsGivesAffinesEntriesBitwiseOrNaN) {
  const auto x = random_matrix<float>(kRows, kInner, 1);
  const auto a = random_affine<float>(kInner, kCols);
  const Matrix<float> full = affine<float>(x, a);
  // Two narrow ranges at either end, as one head's query and value columns are in c_attn.
  const std::vector<ColumnRange> asked{{10, 10}, {900, 10}};
  const Matrix<float> some = affine_columns<float>(x, a, asked);
  int skipped = 0;
  for (Eigen::Index c = 0; c < kCols; ++c) {
    const bool is_asked = (c >= 10 && c < 20) || (c >= 900 && c < 910);
    if (is_asked || !some.col(c).array().isNaN().all()) {
      EXPECT_EQ(some.col(c), full.col(c)) << "column " << c;  // bitwise: the same OpenBLAS call
    } else {
      ++skipped;
    }
  }
  EXPECT_GT(skipped, 0) << "the columns between the two ranges should not be computed";
  const std::vector<ColumnRange> every{{0, kCols}};
  EXPECT_EQ(affine_columns<float>(x, a, every), full);
}

TEST(MatrixProducts, AffineDoesNotDependOnTheThreadCount) {
  const auto x = random_matrix<float>(kRows, kInner, 1);
  const auto a = random_affine<float>(kInner, kCols);
  expect_thread_independent<float>([&] { return affine<float>(x, a); });
  const auto xd = random_matrix<double>(kRows, kInner, 1);
  const auto ad = random_affine<double>(kInner, kCols);
  expect_thread_independent<double>([&] { return affine<double>(xd, ad); });
}

}  // namespace
}  // namespace nb::gpt2
