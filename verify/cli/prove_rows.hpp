#pragma once
// `normbound prove ID --source SPEC --rows ... --radius r`: the theorem proved on the neighbourhood
// of every selected row of a model source (verify/prove/row_neighbourhood.hpp), row by row.
#include <ostream>
#include <string>

#include "verify/cli/prove_command.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::cli {

// Proves `spec` (read from `path`) on each row's box, prints a line per row and the totals, writes
// the JSON (and counterexamples' case files) where asked. The run's outcome is VIOLATED when a row
// has a certified counterexample, else UNDECIDED when a row stays undecided, else PROVEN ON
// REGION; the exit status as prove's for that outcome (0 as the theorem expects, 1 the other
// certain outcome, 2 undecided). Throws UsageError for a radius that is not an exact literal
// >= 0, options that do not fit a source (--size, --region, --certificate) or a source whose rows
// lack an input the theorem reads.
int run_prove_rows(const ProveOptions& options, const std::string& path, const formula::TheoremSpec& spec,
                   std::ostream& out);

}  // namespace nb::cli
