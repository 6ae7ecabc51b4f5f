#pragma once
// What a search run adds to its results (RunResults::search, verify/results/search_record.hpp):
// per theorem the restarts, the shrink and the tightness frontier.
#include <cstdint>
#include <vector>

#include "verify/results/search_record.hpp"
#include "verify/search/theorem_search.hpp"
#include "verify/search/tightness_frontier.hpp"

namespace nb::search {

struct SearchedTheorem {
  TheoremSearch search;
  TightnessFrontier frontier;
};

// The record of `searched` (in the order of the run's theorems) with the search's budget and seed.
SearchRecord search_record(const std::vector<SearchedTheorem>& searched, std::size_t budget, std::uint64_t seed);

}  // namespace nb::search
