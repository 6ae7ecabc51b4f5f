#pragma once
// The forward pass's matrix products, on OpenBLAS: its run-time CPU dispatch gives a portable
// (no -march) build AVX2/AVX-512 kernels, which Eigen's compile-time SIMD cannot.
// OpenBLAS's own threading may round differently for different thread counts (its single- and
// multi-threaded drivers block the inner dimension differently), so every OpenBLAS call here
// runs on its calling thread (verify/kernels/openblas_call.hpp), and the parallel work is split by this
// code into blocks that do not depend on the thread count: a given input gives bitwise the same
// output on any number of threads.
#include <span>

#include <Eigen/Core>

#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

// c = a * b, or a * b^T if transpose_b. One single-threaded call, for callers that parallelise
// over independent products themselves: call it inside an OpenMP parallel region, the only place
// where OpenBLAS's OpenMP build keeps to one thread.
template <class T>
void multiply(const Eigen::Ref<const Matrix<T>>& a, const Eigen::Ref<const Matrix<T>>& b, bool transpose_b,
              Eigen::Ref<Matrix<T>> c);

// x * a.weight + a.bias (bias added to every row) over all rows of x, split into fixed tiles of
// rows and columns that OpenMP threads share.
template <class T>
Matrix<T> affine(const Eigen::Ref<const Matrix<T>>& x, const AffineWeights<T>& a);

// Output columns [first, first + count) of a product.
struct ColumnRange {
  Eigen::Index first;
  Eigen::Index count;
};

// Only the columns in `columns` of affine(x, a), for callers that read a few of them (one head's
// query, key and value): only affine's tiles that meet those columns are computed, by the same
// OpenBLAS calls, so each of their entries is bitwise what affine(x, a) gives; every entry
// outside those tiles is NaN.
template <class T>
Matrix<T> affine_columns(const Eigen::Ref<const Matrix<T>>& x, const AffineWeights<T>& a,
                         std::span<const ColumnRange> columns);

}  // namespace nb::gpt2
