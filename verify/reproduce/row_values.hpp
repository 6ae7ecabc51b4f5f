#pragma once
// The values of a head's independent work items (its rows, or (row, N) pairs), each a vector of
// binary64 numbers: on the sweep's threads in one process, or dealt over the ranks of an MPI job
// with every rank receiving every value (verify/distributed/every_rank_evaluation.hpp), so that
// all ranks build the same tables and stay in step. A value depends on its item alone (its seed
// included), so the values are the same whatever the threads and ranks.
#include <cstddef>
#include <functional>
#include <vector>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// values[k] = value(k) for k in [0, units). `value` is called concurrently from several threads.
// Every rank of s.ranks must call it alike (the same units, in the same order of calls).
std::vector<std::vector<double>> row_values(const SweepSettings& s, std::size_t units,
                                            const std::function<std::vector<double>(std::size_t)>& value);

}  // namespace nb::reproduce
