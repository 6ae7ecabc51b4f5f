#include "verify/search/search_record.hpp"

#include <cmath>
#include <sstream>

#include "reports/markdown_text.hpp"
#include "verify/search/tightness.hpp"
#include "verify/engine/slack.hpp"

namespace nb::search {
namespace {

// JSON has no infinities or NaN: those become null.
nlohmann::json finite_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }


}  // namespace

nlohmann::json search_json(const std::vector<SearchedTheorem>& searched, std::size_t budget, std::uint64_t seed) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const SearchedTheorem& s : searched) {
    nlohmann::json restarts = nlohmann::json::array();
    for (const SearchRestart& r : s.search.restarts)
      restarts.push_back({{"start", r.start.label},
                          {"start_ratio", finite_or_null(tightness_ratio(r.start_relative_slack))},
                          {"best_ratio", finite_or_null(tightness_ratio(r.minimum.value))},
                          {"claim", r.claim},
                          {"evaluations", r.minimum.evaluations}});
    theorems.push_back({{"id", s.search.theorem->info().id},
                        {"evaluations", s.search.evaluations},
                        {"frontier",
                         {{"kind", frontier_kind_name(s.frontier.kind)},
                          {"text", s.frontier.text},
                          {"search_ratio", finite_or_null(s.frontier.search_ratio)},
                          {"suite_ratio", finite_or_null(s.frontier.suite_ratio)},
                          {"witness", s.frontier.witness}}},
                        {"restarts", restarts},
                        {"shrink",
                         {{"violation", s.search.violation},
                          {"shown_first", s.search.shrunk},
                          {"steps", s.search.shrink.steps},
                          {"attempts", s.search.shrink.attempts}}}});
  }
  return {{"budget", budget}, {"seed", std::to_string(seed)}, {"theorems", theorems}};
}

std::string search_markdown(const std::vector<SearchedTheorem>& searched) {
  std::ostringstream md;
  md << "\n## Search\n\n"
     << "Best tightness ratio (value/bound for a claim value <= bound; above 1 violated) found by "
        "`normbound search` in binary64, and by the theorem's suite; the frontier is decided by the certified "
        "verdicts of the cases found (shrunk case first).\n\n"
     << "| theorem | frontier | best ratio (search) | best ratio (suite) | evaluations | shown first |\n"
     << "|---|---|---|---|---|---|\n";
  for (const SearchedTheorem& s : searched)
    md << "| " << reports::markdown_code(s.search.theorem->info().id, true) << " | "
       << frontier_kind_name(s.frontier.kind) << " | " << decimal_near(Mpfr(s.frontier.search_ratio), 6) << " | "
       << decimal_near(Mpfr(s.frontier.suite_ratio), 6) << " | " << s.search.evaluations << " | "
       << reports::markdown_escape(s.search.certified_cases.front().label) << " |\n";
  return md.str();
}

}  // namespace nb::search
