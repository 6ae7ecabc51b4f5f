#include "verify/distributed/every_rank_evaluation.hpp"

#include <map>
#include <utility>

namespace nb {

std::string evaluate_for_every_rank(const RankWorld& world, std::size_t units, const EvaluateChunkFn& evaluate) {
  if (world.size() == 1) return units == 0 ? std::string() : evaluate(0, units);
  std::map<std::size_t, std::string> chunks;  // by begin: chunks come back in the order they finish
  evaluate_on_ranks(world, units, evaluate,
                    [&](std::size_t begin, std::size_t, std::string bytes) { chunks.emplace(begin, std::move(bytes)); });
  std::string all;
  for (auto& [begin, bytes] : chunks) all += bytes;
  return world.share_from_lead(std::move(all));
}

}  // namespace nb
