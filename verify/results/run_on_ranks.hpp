#pragma once
// run over the ranks of an MPI job (verify/distributed/): the plan's cases are the work units, in
// run's order, and each rank evaluates the chunks it is dealt with its own threads. A case's
// outcome depends only on the case, its position and the settings (evaluate_case_refs), and
// outcomes travel as exact bytes (verify/engine/outcome_bytes.hpp), so rank 0 assembles exactly
// the results of run(plan), whatever the number of ranks.
#include <optional>

#include "verify/distributed/rank_world.hpp"
#include "verify/results/run.hpp"

namespace nb {

// Every rank calls it with the same plan. Rank 0 gets run(plan)'s results, its progress called
// as cases come back (from the ranks' chunks, one call at a time); the other ranks get nullopt.
// A rank that throws must end every rank (RankWorld::end_every_rank), as rank_work_queue.hpp says.
// With bounded results (a streamed plan, OutcomesHeld::Bounded), each rank asks its own `stop`
// (see run) between the parts of its chunk, and a rank that stops hands back the cases it decided
// and why; rank 0 then deals no more, and its results are those of every case decided on any
// rank, marked partial (RunResults::partial: rank 0's own reason, else the first rank's). The
// cases decided are then not the first ones: each outcome keeps its index.
std::optional<RunResults> run_on_ranks(const RunPlan& plan, const RankWorld& world, const RunProgressFn& progress = {},
                                       const StopFn& stop = {});

}  // namespace nb
