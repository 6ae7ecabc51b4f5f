#include "verify/distributed/rank_work_queue.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <mpi.h>

namespace nb {
namespace {

// Rank -> rank 0: "give me a chunk" (empty) or "here are my chunk's results, give me another".
constexpr int kReadyTag = 1, kResultsTag = 2;
// Rank 0 -> rank: the chunk [begin, end) as two uint64, or begin == end: no chunk is left.
constexpr int kChunkTag = 3;

struct Chunk {
  std::size_t begin = 0, end = 0;
};

// The units not yet dealt, taken by rank 0's dealing and evaluating threads alike.
class ChunkQueue {
 public:
  ChunkQueue(std::size_t units, int ranks, const std::function<bool()>& stopped)
      : units_(units), ranks_(static_cast<std::size_t>(ranks)), stopped_(stopped) {}
  std::optional<Chunk> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_ && stopped_()) next_ = units_;
    if (next_ == units_) return std::nullopt;
    const std::size_t size = std::max<std::size_t>(1, (units_ - next_) / (2 * ranks_));
    const Chunk c{next_, next_ + size};
    next_ = c.end;
    return c;
  }
  void close() {  // rank 0 failed: deal nothing more
    std::lock_guard<std::mutex> lock(mutex_);
    next_ = units_;
  }

 private:
  std::mutex mutex_;
  std::size_t next_ = 0;
  const std::size_t units_, ranks_;
  const std::function<bool()>& stopped_;
};

// Polls `done` until it returns true, rather than blocking in MPI: Open MPI's blocking calls spin
// on their core, which the evaluating threads of this rank need. The pauses start at 10 us and
// double up to 200 us: a reply that comes at once (a chunk dealt, the next request) is seen within
// microseconds, and a long wait costs the core a probe every 200 us.
template <class Done>
void poll_until(Done done) {
  for (auto pause = std::chrono::microseconds(10); !done();) {
    std::this_thread::sleep_for(pause);
    pause = std::min(2 * pause, std::chrono::microseconds(200));
  }
}

// Waits for a message from `source`.
MPI_Status next_message(int source) {
  MPI_Status status;
  poll_until([&] {
    int arrived = 0;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    return arrived != 0;
  });
  return status;
}

// Returns once every rank has called it. A rank leaves a call only when all have: a rank that
// got its last "no chunk" would otherwise send its request for the next call's chunks while rank
// 0 still deals this call's, and rank 0 would take it for this call's.
void leave_together() {
  MPI_Request barrier;
  MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
  poll_until([&] {
    int passed = 0;
    MPI_Test(&barrier, &passed, MPI_STATUS_IGNORE);
    return passed != 0;
  });
}

int message_size(const std::string& bytes) {
  if (bytes.size() > static_cast<std::size_t>(INT_MAX))
    throw std::length_error("the results of a chunk of work units exceed one MPI message (2 GiB)");
  return static_cast<int>(bytes.size());
}

void send_chunk(int rank, std::optional<Chunk> c) {
  const std::uint64_t range[2] = {c ? c->begin : 0, c ? c->end : 0};
  MPI_Send(range, 2, MPI_UINT64_T, rank, kChunkTag, MPI_COMM_WORLD);
}

void evaluate_dealt_chunks(const EvaluateChunkFn& evaluate) {
  std::string results;
  int tag = kReadyTag;
  for (;;) {
    MPI_Send(results.data(), message_size(results), MPI_BYTE, 0, tag, MPI_COMM_WORLD);
    next_message(0);
    std::uint64_t range[2];
    MPI_Recv(range, 2, MPI_UINT64_T, 0, kChunkTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (range[0] == range[1]) return;
    results = evaluate(range[0], range[1]);
    tag = kResultsTag;
  }
}

void deal_and_gather(const RankWorld& world, std::size_t units, const EvaluateChunkFn& evaluate,
                     const GatherChunkFn& gather, const std::function<bool()>& dealing_stopped) {
  ChunkQueue queue(units, world.size(), dealing_stopped);
  std::mutex gather_mutex;
  std::exception_ptr failure;
  std::thread own([&] {
    try {
      while (const std::optional<Chunk> c = queue.take()) {
        std::string results = evaluate(c->begin, c->end);
        std::lock_guard<std::mutex> lock(gather_mutex);
        gather(c->begin, c->end, std::move(results));
      }
    } catch (...) {
      failure = std::current_exception();
      queue.close();
    }
  });
  // A failure of gather on this thread must still join `own` before it propagates.
  try {
    std::vector<Chunk> held(static_cast<std::size_t>(world.size()));
    for (int working = world.size() - 1; working > 0;) {
      const MPI_Status status = next_message(MPI_ANY_SOURCE);
      int size = 0;
      MPI_Get_count(&status, MPI_BYTE, &size);
      std::string results(static_cast<std::size_t>(size), '\0');
      MPI_Recv(results.data(), size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Chunk& chunk = held[static_cast<std::size_t>(status.MPI_SOURCE)];
      if (status.MPI_TAG == kResultsTag) {
        std::lock_guard<std::mutex> lock(gather_mutex);
        gather(chunk.begin, chunk.end, std::move(results));
      }
      const std::optional<Chunk> next = queue.take();
      if (next) chunk = *next;
      else --working;
      send_chunk(status.MPI_SOURCE, next);
    }
  } catch (...) {
    queue.close();
    own.join();
    throw;
  }
  own.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

void evaluate_on_ranks(const RankWorld& world, std::size_t units, const EvaluateChunkFn& evaluate,
                       const GatherChunkFn& gather, const std::function<bool()>& dealing_stopped) {
  if (world.size() == 1) {
    if (units > 0) gather(0, units, evaluate(0, units));
  } else {
    if (world.leads()) deal_and_gather(world, units, evaluate, gather, dealing_stopped);
    else evaluate_dealt_chunks(evaluate);
    leave_together();
  }
}

}  // namespace nb
