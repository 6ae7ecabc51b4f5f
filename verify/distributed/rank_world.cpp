#include "verify/distributed/rank_world.hpp"

#include <climits>
#include <cstdint>
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

std::string RankWorld::share_from_lead(std::string bytes) const {
  if (size_ == 1) return bytes;
  std::uint64_t size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (size > static_cast<std::uint64_t>(INT_MAX)) throw std::length_error("a broadcast exceeds one MPI message (2 GiB)");
  bytes.resize(static_cast<std::size_t>(size));
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD);
  return bytes;
}

}  // namespace nb
