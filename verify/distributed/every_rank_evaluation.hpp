#pragma once
// Work units dealt over the ranks (rank_work_queue.hpp) whose results every rank needs, because
// every rank goes on with the same computation (SPMD): the next wave of a region proof is cut
// from this wave's results, and a reproduction's tables are built from its rows' values. Rank 0
// gathers the chunks and shares them with every rank, so that all ranks hold the same bytes and
// stay in step.
#include <cstddef>
#include <string>

#include "verify/distributed/rank_work_queue.hpp"

namespace nb {

// Every rank of `world` calls it with the same `units`; every rank returns the bytes of the units
// [0, units) in order: the concatenation of evaluate(begin, end) over the chunks sorted by begin
// (so `evaluate` must write each unit's results in turn and nothing else). In a world of one
// rank: evaluate(0, units), no MPI call. Throws as evaluate_on_ranks.
std::string evaluate_for_every_rank(const RankWorld& world, std::size_t units, const EvaluateChunkFn& evaluate);

}  // namespace nb
