#include "models/gpt2/matrix_products.hpp"

#include <cblas.h>

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "verify/kernels/openblas_call.hpp"

namespace nb::gpt2 {
namespace {

using Index = Eigen::Index;

// The output tile of one OpenBLAS call in affine(). Fixed, so every entry is computed by the same
// call whatever the thread count. Large enough that each call's packing of its operands costs
// little (on GPT-2 small's projections, 1024 rows: ~3% more CPU time than one call for the whole
// product; 256 x 384 tiles: ~7%); GPT-2 small's widths (3, 1, 4 and 1 times 768 = 2 x 384) split
// into an even number of tiles, which two threads share evenly.
constexpr Index kTileRows = 512;
constexpr Index kTileCols = 384;

void blas_gemm(CBLAS_TRANSPOSE transpose_b, Index m, Index n, Index k, const float* a, Index lda, const float* b,
               Index ldb, float* c, Index ldc) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, transpose_b, static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0f, a, static_cast<blasint>(lda), b, static_cast<blasint>(ldb), 0.0f, c,
              static_cast<blasint>(ldc));
}

void blas_gemm(CBLAS_TRANSPOSE transpose_b, Index m, Index n, Index k, const double* a, Index lda, const double* b,
               Index ldb, double* c, Index ldc) {
  cblas_dgemm(CblasRowMajor, CblasNoTrans, transpose_b, static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0, a, static_cast<blasint>(lda), b, static_cast<blasint>(ldb), 0.0, c,
              static_cast<blasint>(ldc));
}

// c = a * op(b) for row-major operands, op(b) = b or b^T, on the calling thread.
template <class T>
void gemm(CBLAS_TRANSPOSE transpose_b, Index m, Index n, Index k, const T* a, Index lda, const T* b, Index ldb, T* c,
          Index ldc) {
  const OpenBlasCall on_this_thread;
  blas_gemm(transpose_b, m, n, k, a, lda, b, ldb, c, ldc);
}

// x * a.weight + a.bias on the tiles in column tiles c with needed_column_tiles[c]; the entries of
// the other column tiles are NaN.
template <class T>
Matrix<T> affine_tiles(const Eigen::Ref<const Matrix<T>>& x, const AffineWeights<T>& a,
                       const std::vector<bool>& needed_column_tiles) {
  Matrix<T> y(x.rows(), a.weight.cols());
  std::vector<std::pair<Index, Index>> tiles;  // first row and column of each tile to compute
  for (Index row = 0; row < y.rows(); row += kTileRows) {
    for (Index col = 0; col < y.cols(); col += kTileCols) {
      if (needed_column_tiles[static_cast<std::size_t>(col / kTileCols)]) tiles.emplace_back(row, col);
    }
  }
  for (Index col = 0; col < y.cols(); col += kTileCols) {
    if (!needed_column_tiles[static_cast<std::size_t>(col / kTileCols)]) {
      y.middleCols(col, std::min(kTileCols, y.cols() - col)).setConstant(std::numeric_limits<T>::quiet_NaN());
    }
  }
#pragma omp parallel for schedule(static)
  for (std::size_t tile = 0; tile < tiles.size(); ++tile) {
    const Index row = tiles[tile].first, col = tiles[tile].second;
    const Index rows = std::min(kTileRows, y.rows() - row), cols = std::min(kTileCols, y.cols() - col);
    auto out = y.block(row, col, rows, cols);
    gemm(CblasNoTrans, rows, cols, x.cols(), x.data() + row * x.outerStride(), x.outerStride(), a.weight.data() + col,
         a.weight.outerStride(), out.data(), y.outerStride());
    out.rowwise() += a.bias.segment(col, cols);
  }
  return y;
}

Index column_tiles(Index columns) { return (columns + kTileCols - 1) / kTileCols; }

}  // namespace

template <class T>
void multiply(const Eigen::Ref<const Matrix<T>>& a, const Eigen::Ref<const Matrix<T>>& b, bool transpose_b,
              Eigen::Ref<Matrix<T>> c) {
  gemm(transpose_b ? CblasTrans : CblasNoTrans, c.rows(), c.cols(), a.cols(), a.data(), a.outerStride(), b.data(),
       b.outerStride(), c.data(), c.outerStride());
}

template <class T>
Matrix<T> affine(const Eigen::Ref<const Matrix<T>>& x, const AffineWeights<T>& a) {
  return affine_tiles(x, a, std::vector<bool>(static_cast<std::size_t>(column_tiles(a.weight.cols())), true));
}

template <class T>
Matrix<T> affine_columns(const Eigen::Ref<const Matrix<T>>& x, const AffineWeights<T>& a,
                         std::span<const ColumnRange> columns) {
  std::vector<bool> needed(static_cast<std::size_t>(column_tiles(a.weight.cols())), false);
  for (const ColumnRange& range : columns) {
    for (Index c = range.first / kTileCols; c < static_cast<Index>(needed.size()) && c * kTileCols < range.first + range.count; ++c)
      needed[static_cast<std::size_t>(c)] = true;
  }
  return affine_tiles(x, a, needed);
}

template void multiply<float>(const Eigen::Ref<const Matrix<float>>&, const Eigen::Ref<const Matrix<float>>&, bool,
                              Eigen::Ref<Matrix<float>>);
template void multiply<double>(const Eigen::Ref<const Matrix<double>>&, const Eigen::Ref<const Matrix<double>>&, bool,
                               Eigen::Ref<Matrix<double>>);
template Matrix<float> affine<float>(const Eigen::Ref<const Matrix<float>>&, const AffineWeights<float>&);
template Matrix<double> affine<double>(const Eigen::Ref<const Matrix<double>>&, const AffineWeights<double>&);
template Matrix<float> affine_columns<float>(const Eigen::Ref<const Matrix<float>>&, const AffineWeights<float>&,
                                             std::span<const ColumnRange>);
template Matrix<double> affine_columns<double>(const Eigen::Ref<const Matrix<double>>&, const AffineWeights<double>&,
                                               std::span<const ColumnRange>);

}  // namespace nb::gpt2
