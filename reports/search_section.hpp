#pragma once
// The Search section a search run's Markdown report ends with: one row per theorem searched
// (RunResults::search), its frontier, the best ratios of search and suite, its evaluations and
// the case shown first.
#include <string>

#include "verify/results/results.hpp"

namespace nb::reports {

// "## Search" and its table, or "" for results without a search.
std::string search_markdown(const RunResults& results);

}  // namespace nb::reports
