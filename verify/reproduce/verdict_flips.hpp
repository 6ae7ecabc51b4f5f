#pragma once
// A claim whose verdict flips between two runs of the same experiments (two sources, e.g. the
// position-embedding probe and the random model, or two seeds) is FRAGILE whatever each run says
// alone: the evidence does not decide it. Its row then shows both verdicts and both measurements.
#include <string>

#include "verify/reproduce/reproduction.hpp"

namespace nb::reproduce {

// Marks FRAGILE every claim of `r` not already FRAGILE whose namesake in the same experiment of
// `other` has another decided verdict (neither NOT TESTABLE ON THIS SOURCE nor NOT APPLICABLE TO
// THIS NORMALIZER), its basis naming both runs by `label` and `other_label` with their verdicts and
// measurements. Certified findings (rows "certified ...") are facts about their own rows and are
// left alone. Returns how many claims it marked.
std::size_t mark_flips(Reproduction& r, const Reproduction& other, const std::string& label,
                       const std::string& other_label);

}  // namespace nb::reproduce
