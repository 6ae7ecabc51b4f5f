#pragma once
// What `normbound search` adds to its results (RunResults::search): per theorem searched its
// restarts, shrink and tightness frontier, so that a report re-rendered from results.json shows
// the Search section as the run did. Ratios are binary64 estimates of value/bound that steered
// the search (NaN where none was finite); the certified verdicts are the results' theorems.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace nb {

// One local minimization from a suite case.
struct SearchRestartRecord {
  std::string start;  // the suite case's label
  double start_ratio = 0, best_ratio = 0;
  std::string claim;  // the claim with the smallest relative slack at the best point
  std::size_t evaluations = 0;
};

struct SearchedTheoremRecord {
  std::string id;
  std::size_t evaluations = 0;  // binary64 evaluations, restarts and simplification
  // The tightness frontier: kind "violated", "sharp", "approached" or "loose", said in `text`.
  std::string frontier_kind, frontier_text;
  double search_ratio = 0, suite_ratio = 0;
  std::string witness;  // the label of the case that shows the frontier
  std::vector<SearchRestartRecord> restarts;
  bool violation = false;   // the best points included a certified violation
  bool shown_first = false;  // the theorem's first certified case is a shrunk or simplified one
  std::size_t shrink_steps = 0, shrink_attempts = 0;
};

struct SearchRecord {
  std::size_t budget = 0;
  std::uint64_t seed = 0;
  std::vector<SearchedTheoremRecord> theorems;  // in the order of the results' theorems
};

}  // namespace nb
