#pragma once
// The looseness of a run's theorems (verify/results/looseness.hpp) from their outcomes, and its
// words: the theorems whose bound is more than 10 times looser than the value on every case are
// "vacuous on this input". The ratios are those of verify/results/tightness_ratio.hpp (the
// report's value/bound heat maps read the same).
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/results/looseness.hpp"
#include "verify/results/results.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb {

// The theorems of `results` with at least one case that has a tightness ratio
// (log10_tightness_ratio: a certified inequality with a finite, positive value and bound; other
// cases are left out). A theorem with bounded results (TheoremResult::kept) gives the looseness
// its results kept, computed from every case.
std::vector<TheoremLooseness> looseness_of(const RunResults& results);

// The (layer, head) a case's provenance names, -1 for one it does not name. Throws
// std::logic_error (std::stoi's) when one is not a number.
std::pair<int, int> layer_and_head(const CaseOutcome& o);

// The looseness of theorem `id` from the spread of its cases' log10 tightness ratios by (layer,
// head) (the heads without one left out); nothing when no case has one.
std::optional<TheoremLooseness> looseness_of_spreads(const std::string& id,
                                                     const std::map<std::pair<int, int>, Log10RatioSpread>& spreads);

// {"theorems": [{"id", "cases", "max_ratio", "vacuous", "factor", "groups": [{"layer", "head",
// "cases", "min", "median", "max"}]}]}
nlohmann::json looseness_json(const std::vector<TheoremLooseness>& looseness);

// One line per vacuous theorem: "ID: vacuous on this input (bound >= F x value on every case)".
std::string vacuous_lines(const std::vector<TheoremLooseness>& looseness);

// The largest ratio of `l` to 3 significant digits ("2.5e-4"), and the factor by which its bound is
// looser than the value at that ratio (the inverse).
std::string largest_ratio_text(const TheoremLooseness& l);
std::string looser_factor_text(const TheoremLooseness& l);

}  // namespace nb
