#pragma once
// The processes of one run: a single process, or the ranks of an MPI job when mpirun started
// this one. The same binary serves both, joining MPI only when launched by mpirun (Open MPI sets
// OMPI_COMM_WORLD_SIZE in every rank's environment): a plain `normbound` run makes no MPI call at
// all, where a singleton MPI_Init would start Open MPI's runtime and its helper process on every
// run (and leave ASan's leak checker allocations it never frees).
#include <string>

namespace nb {

class RankWorld {
 public:
  // Joins the MPI job (MPI_Init_thread, MPI_THREAD_FUNNELED: only the main thread calls MPI,
  // the evaluating threads never do) when launched by mpirun; otherwise a world of one rank.
  // Throws std::runtime_error when MPI cannot give that thread support.
  RankWorld();
  ~RankWorld();  // MPI_Finalize, when joined
  RankWorld(const RankWorld&) = delete;
  RankWorld& operator=(const RankWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool leads() const { return rank_ == 0; }  // rank 0 gathers and writes everything

  // Ends every rank of the job with exit status `status` (MPI_Abort): a rank that fails must not
  // leave the others waiting for it. Returns only in a world of one rank (nothing to end).
  void end_every_rank(int status) const;

  // Every rank calls it; every rank returns rank 0's `bytes` (MPI_Bcast of the size, then the
  // bytes; what the other ranks pass is ignored). In a world of one rank: `bytes`. Only the main
  // thread may call it. Throws std::length_error above one MPI message (2 GiB).
  std::string share_from_lead(std::string bytes) const;

 private:
  int rank_ = 0, size_ = 1;
  bool joined_ = false;
};

}  // namespace nb
