#include "verify/distributed/rank_world.hpp"

#include <cstdlib>
#include <stdexcept>

#include <mpi.h>

namespace nb {

RankWorld::RankWorld() {
  if (std::getenv("OMPI_COMM_WORLD_SIZE") == nullptr) return;
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  joined_ = true;
  if (provided < MPI_THREAD_FUNNELED) throw std::runtime_error("MPI does not let threads run beside MPI calls");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

RankWorld::~RankWorld() {
  if (joined_) MPI_Finalize();
}

void RankWorld::end_every_rank(int status) const {
  if (joined_ && size_ > 1) MPI_Abort(MPI_COMM_WORLD, status);
}

}  // namespace nb
