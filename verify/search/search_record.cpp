#include "verify/search/search_record.hpp"

#include "verify/search/tightness.hpp"

namespace nb::search {

SearchRecord search_record(const std::vector<SearchedTheorem>& searched, std::size_t budget, std::uint64_t seed) {
  SearchRecord record{budget, seed, {}};
  for (const SearchedTheorem& s : searched) {
    SearchedTheoremRecord& t = record.theorems.emplace_back();
    t.id = s.search.theorem->info().id;
    t.evaluations = s.search.evaluations;
    t.frontier_kind = frontier_kind_name(s.frontier.kind);
    t.frontier_text = s.frontier.text;
    t.search_ratio = s.frontier.search_ratio;
    t.suite_ratio = s.frontier.suite_ratio;
    t.witness = s.frontier.witness;
    for (const SearchRestart& r : s.search.restarts)
      t.restarts.push_back({r.start.label, tightness_ratio(r.start_relative_slack), tightness_ratio(r.minimum.value),
                            r.claim, r.minimum.evaluations});
    t.violation = s.search.violation;
    t.shown_first = s.search.shrunk;
    t.shrink_steps = s.search.shrink.steps;
    t.shrink_attempts = s.search.shrink.attempts;
  }
  return record;
}

}  // namespace nb::search
