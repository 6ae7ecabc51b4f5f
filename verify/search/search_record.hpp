#pragma once
// What a search run adds to its results: per theorem the restarts, the shrink and the tightness
// frontier, as a JSON block beside the results (results readers ignore it) and as a short
// Markdown section appended to the report.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/search/theorem_search.hpp"
#include "verify/search/tightness_frontier.hpp"

namespace nb::search {

struct SearchedTheorem {
  TheoremSearch search;
  TightnessFrontier frontier;
};

// {"budget": B, "seed": "S", "theorems": [{"id", "evaluations", "frontier": {...}, "restarts": [...],
//  "shrink": {...}}]}; ratios are binary64 estimates (the certified verdicts are in the results).
nlohmann::json search_json(const std::vector<SearchedTheorem>& searched, std::size_t budget, std::uint64_t seed);

// "## Search" with one row per theorem: frontier, best ratios of search and suite, evaluations,
// the case shown first.
std::string search_markdown(const std::vector<SearchedTheorem>& searched);

}  // namespace nb::search
