#pragma once
// The tightness frontier of a searched theorem: how close the search and the suite came to the
// bound, said in one phrase ("sharp (attained ...)", "approached to within 1e-09", "loose: best
// ratio 0.03 after 2000 evaluations"), from the certified verdicts where they decide it.
#include <string>

#include "verify/search/theorem_search.hpp"
#include "verify/results/results.hpp"

namespace nb::search {

enum class FrontierKind { Violated, Sharp, Approached, Loose };

// "violated", "sharp", "approached", "loose".
const char* frontier_kind_name(FrontierKind k);

struct TightnessFrontier {
  FrontierKind kind = FrontierKind::Loose;
  double search_ratio = 0;   // best tightness ratio of the search, binary64
  double suite_ratio = 0;    // best over the suite's cases, binary64
  std::string witness;       // label of the case that shows it
  std::string text;          // the phrase
};

// From the search and the engine's results on its certified cases (in the same order):
//   a certified VIOLATED case                       -> Violated
//   else EQUAL (exact), TIGHT or a slack exactly 0  -> Sharp (attained)
//   else best relative slack below `near_tight`     -> Approached (to within that slack)
//   else                                            -> Loose
TightnessFrontier tightness_frontier(const TheoremSearch& search, const TheoremResult& certified, double near_tight);

}  // namespace nb::search
