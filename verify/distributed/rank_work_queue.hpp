#pragma once
// Work units [0, units) evaluated by every rank of a RankWorld with dynamic load balancing: a rank
// that finishes a chunk hands its results to rank 0 and gets the next chunk, so that ranks whose
// units are slower (rows and boxes differ in cost by orders of magnitude) take fewer. Chunks are
// guided: the units left over twice the ranks, at least one, so that the first chunks are large
// (few messages) and the last small (ranks finish together). What a unit yields must depend on
// the unit alone (its seed included), never on which rank evaluated it or when.
#include <cstddef>
#include <functional>
#include <string>

#include "verify/distributed/rank_world.hpp"

namespace nb {

// Evaluates the units [begin, end) on the calling rank and returns their results as bytes.
using EvaluateChunkFn = std::function<std::string(std::size_t begin, std::size_t end)>;
// On rank 0: takes the bytes of the chunk [begin, end); called once per chunk, one call at a time,
// in the order chunks finish.
using GatherChunkFn = std::function<void(std::size_t begin, std::size_t end, std::string bytes)>;

// Every rank of `world` calls it with the same `units`. Rank 0 deals the chunks from its main
// thread and evaluates chunks on a second thread meanwhile; it returns once every chunk is
// gathered, and every rank only once every rank is done with this call (so that calls in a row
// do not mix their messages). In a world of one rank: evaluate(0, units) and
// gather it. Rethrows on rank 0 what its own evaluation threw (after the other ranks have
// stopped); a rank that throws elsewhere propagates it, and the caller ends every rank
// (RankWorld::end_every_rank), as rank 0 would wait for that rank's chunk forever.
// `dealing_stopped` (on rank 0; may be empty) is asked before each chunk is dealt: once it says
// true, no chunk is dealt any more (a run asked to stop), and the call returns when the chunks
// under evaluation are gathered.
void evaluate_on_ranks(const RankWorld& world, std::size_t units, const EvaluateChunkFn& evaluate,
                       const GatherChunkFn& gather, const std::function<bool()>& dealing_stopped = {});

}  // namespace nb
