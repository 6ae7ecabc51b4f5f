#pragma once
// The forward pass's matrix products, on OpenBLAS: its run-time CPU dispatch gives a portable
// (no -march) build AVX2/AVX-512 kernels, which Eigen's compile-time SIMD cannot.
// OpenBLAS's own threading may round differently for different thread counts (its single- and
// multi-threaded drivers block the inner dimension differently), so every OpenBLAS call here
// runs on its calling thread, and the parallel work is split by this code into blocks that do
// not depend on the thread count: a given input gives bitwise the same output on any number of
// threads. To that end the first use sets OpenBLAS's pthreads build to one thread for the whole
// process (its OpenMP build runs single-threaded inside our parallel regions by itself), and the
// calls of its sequential build, unsafe to call concurrently, are taken one at a time.
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

}  // namespace nb::gpt2
