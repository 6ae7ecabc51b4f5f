#pragma once
// A counterexample found by a region proof, certified by the engine as any case is, then shrunk
// (verify/search/case_shrinker.hpp) as long as it stays certified and inside the region.
#include <cstddef>
#include <optional>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/outcome.hpp"
#include "verify/prove/region.hpp"
#include "verify/engine/theorem.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::prove {

// `spec` stating only its claims at positions `claims` (0-based; empty: all of them), with its
// inputs, definitions and assumptions: the theorem a counterexample of a proof about those claims
// is certified against, so that it violates one of them, not another claim of the file.
formula::TheoremSpec spec_of_claims(const formula::TheoremSpec& spec, const std::vector<std::size_t>& claims);

// The engine's outcome on `c`: binary64 intervals, then MPFI up to the engine's cap, one thread.
// With `exact`, claims left TIGHT are decided exactly in a child process (which must know the
// theorem: one registered from a file, verify/cli/theorem_files.hpp); without, they stay TIGHT.
CaseOutcome engine_outcome(const Theorem& theorem, const Case& c, bool exact);

// `c` when the engine certifies it VIOLATED (and `outcome` its outcome), shrunk in at most
// `max_attempts` candidates among those still VIOLATED inside `region`; none when `c` is not
// certified VIOLATED.
std::optional<Case> certified_counterexample(const Theorem& theorem, const Case& c, const Region& region,
                                             std::size_t max_attempts, CaseOutcome& outcome);

}  // namespace nb::prove
