// What one exchange of work units over MPI ranks costs (verify/distributed/every_rank_evaluation.hpp):
// the wall time of evaluate_for_every_rank with units that cost nothing, per call and per unit,
// for a few unit counts and result sizes. This is the per-call term of the scaling model of
// docs/mpi.md: reproduce makes one such call per head and grid row set, prove one per wave.
// Run under mpirun (e.g. mpirun -np 2 build/bench/bench_rank_exchange); in one process it times
// the path without MPI. A fixed number of calls, the same on every rank (an adaptive benchmark
// loop would let the ranks' call counts differ and hang).
#include <chrono>
#include <cstdio>
#include <string>

#include "bench/seconds_text.hpp"
#include "verify/distributed/every_rank_evaluation.hpp"

int main() {
  const nb::RankWorld world;
  constexpr int kCalls = 200;
  if (world.leads()) std::printf("ranks %d, %d calls each\n%8s %12s %14s %14s\n", world.size(), kCalls, "units",
                                 "bytes/unit", "per call", "per unit");
  for (const std::size_t units : {1, 64, 4096})
    for (const std::size_t bytes : {8, 256}) {
      const auto start = std::chrono::steady_clock::now();
      std::size_t received = 0;
      for (int c = 0; c < kCalls; ++c)
        received += nb::evaluate_for_every_rank(world, units, [&](std::size_t begin, std::size_t end) {
                      return std::string((end - begin) * bytes, 'x');
                    }).size();
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / kCalls;
      if (received != units * bytes * kCalls) {
        std::fprintf(stderr, "bench_rank_exchange: rank %d received %zu bytes, expected %zu\n", world.rank(), received,
                     units * bytes * kCalls);
        return 1;
      }
      if (world.leads())
        std::printf("%8zu %12zu %14s %14s\n", units, bytes, nb::bench::seconds_text(s).c_str(),
                    nb::bench::seconds_text(s / static_cast<double>(units)).c_str());
    }
  return 0;
}
