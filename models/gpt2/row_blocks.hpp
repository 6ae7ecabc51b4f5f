#pragma once
// Row-parallel work in fixed blocks, for forward passes whose results must not depend on the
// number of threads.
#include <algorithm>

#include <Eigen/Core>

namespace nb::gpt2 {

// Rows per parallel work item. Fixed (not derived from the thread count) so that every row is
// computed by the same sequence of operations however many threads run.
inline constexpr Eigen::Index kRowBlock = 64;

// Calls body(first_row, row_count) for consecutive blocks of kRowBlock rows covering [0, rows),
// in parallel. body must write only its own rows.
template <class Body>
void for_each_row_block(Eigen::Index rows, const Body& body) {
  const Eigen::Index blocks = (rows + kRowBlock - 1) / kRowBlock;
#pragma omp parallel for schedule(static)
  for (Eigen::Index b = 0; b < blocks; ++b) body(b * kRowBlock, std::min(kRowBlock, rows - b * kRowBlock));
}

}  // namespace nb::gpt2
