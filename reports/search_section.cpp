#include "reports/search_section.hpp"

#include <sstream>

#include "reports/markdown_text.hpp"
#include "verify/engine/slack.hpp"

namespace nb::reports {

std::string search_markdown(const RunResults& results) {
  if (!results.search) return "";
  std::ostringstream md;
  md << "\n## Search\n\n"
     << "Best tightness ratio (value/bound for a claim value <= bound; above 1 violated) found by "
        "`normbound search` in binary64, and by the theorem's suite; the frontier is decided by the certified "
        "verdicts of the cases found (shrunk case first).\n\n"
     << "| theorem | frontier | best ratio (search) | best ratio (suite) | evaluations | shown first |\n"
     << "|---|---|---|---|---|---|\n";
  // The case shown first is the first certified, each theorem's case 0 (results_from_json checks
  // that it has one).
  for (std::size_t i = 0; i < results.search->theorems.size(); ++i) {
    const SearchedTheoremRecord& s = results.search->theorems[i];
    md << "| " << markdown_code(s.id, true) << " | " << s.frontier_kind << " | " << decimal_near(Mpfr(s.search_ratio), 6)
       << " | " << decimal_near(Mpfr(s.suite_ratio), 6) << " | " << s.evaluations << " | "
       << markdown_escape(results.theorems.at(i).outcomes.at(0).label) << " |\n";
  }
  return md.str();
}

}  // namespace nb::reports
