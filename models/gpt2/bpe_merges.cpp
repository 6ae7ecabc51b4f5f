#include "models/gpt2/bpe_merges.hpp"

#include <cstddef>
#include <limits>
#include <queue>

namespace nb::gpt2 {

std::vector<std::string> merge_parts(std::vector<std::string> parts, const MergeRank& rank_of, MergeOrder order) {
  // The parts as a linked list, and the merges of adjacent parts waiting in a heap, lowest rank
  // then leftmost first: each merge costs O(log n), where scanning every pair for each merge made a
  // 128 k-byte word without spaces take minutes (O(n^2)).
  const std::size_t n = parts.size();
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> next(n), previous(n), version(n, 0);
  std::vector<bool> alive(n, true);
  for (std::size_t i = 0; i < n; ++i) {
    next[i] = i + 1 < n ? i + 1 : kNone;
    previous[i] = i > 0 ? i - 1 : kNone;
  }
  struct Candidate {
    int rank;
    std::size_t left, right, left_version, right_version;
    bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
  };
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> waiting;
  const auto offer = [&](std::size_t left, std::size_t right) {
    if (left == kNone || right == kNone) return;
    if (const auto rank = rank_of(parts[left], parts[right])) waiting.push({*rank, left, right, version[left], version[right]});
  };
  // Whether `c` still names two adjacent parts as they were when it was offered.
  const auto current = [&](const Candidate& c) {
    return alive[c.left] && alive[c.right] && next[c.left] == c.right && version[c.left] == c.left_version &&
           version[c.right] == c.right_version;
  };
  const auto merge = [&](const Candidate& c) {
    parts[c.left] += parts[c.right];
    ++version[c.left];
    alive[c.right] = false;
    next[c.left] = next[c.right];
    if (next[c.left] != kNone) previous[next[c.left]] = c.left;
  };
  for (std::size_t i = 0; i + 1 < n; ++i) offer(i, i + 1);
  std::vector<Candidate> level;
  while (!waiting.empty()) {
    // whole_rank: all current occurrences of the lowest rank merge, left to right, before the
    // pairs they make are offered; one_pair: the level is the single best pair.
    const int rank = waiting.top().rank;
    level.clear();
    while (!waiting.empty() && waiting.top().rank == rank && (order == MergeOrder::whole_rank || level.empty())) {
      level.push_back(waiting.top());
      waiting.pop();
    }
    std::vector<std::size_t> merged;
    for (const Candidate& c : level) {
      if (!current(c)) continue;
      merge(c);
      merged.push_back(c.left);
    }
    for (const std::size_t at : merged) {
      if (!alive[at]) continue;
      offer(previous[at], at);
      offer(at, next[at]);
    }
  }
  std::vector<std::string> merged_parts;
  for (std::size_t i = n == 0 ? kNone : 0; i != kNone; i = next[i]) merged_parts.push_back(std::move(parts[i]));
  return merged_parts;
}

}  // namespace nb::gpt2
