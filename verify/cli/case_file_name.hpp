#pragma once
// The file name a counterexample is saved under: unique per theorem, source and case, so that runs
// on other sources or seeds saving into the same directory never overwrite each other's cases.
#include <cstdint>
#include <string>

#include "verify/engine/outcome.hpp"

namespace nb::cli {

// "<id>-<source kind>[-seed<S>][-layer<l>][-head<h>][-row<r>][-N<n>]-<case index>.json": the source
// kind is `source` up to its ':' ("random", "search", "gpt2-positions", "case-file", ...); the seed
// is named for random suites and searches only; layer, head, row and N come from the outcome's provenance.
std::string case_file_name(const std::string& theorem_id, const std::string& source, std::uint64_t seed,
                           const CaseOutcome& outcome);

}  // namespace nb::cli
