#pragma once
// How reports put a theorem's verdict counts into words. Only certified verdicts are called
// holding or counterexamples; TIGHT is "equal within resolution" (neither proven nor refuted);
// statistical verdicts keep their own names.
#include <cstddef>
#include <string>

#include "verify/results/results.hpp"

namespace nb::reports {

std::size_t verdict_count(const TheoremResult& t, Verdict v);

// Cases certified to hold: PROVEN, NEAR-TIGHT and EQUAL (exact).
std::size_t certified_holding(const TheoremResult& t);

// "80 PROVEN (5 of them NEAR-TIGHT), 15 EQUAL (exact): bound attained, 3 TIGHT: equal within
// resolution, 2 INCONCLUSIVE" over the verdicts that occur, VIOLATED as "certified
// counterexample(s)", statistical verdicts by their names; "no case" when there is none.
std::string verdict_counts_text(const TheoremResult& t);

}  // namespace nb::reports
