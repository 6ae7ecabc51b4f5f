#pragma once
// A counterexample found by a region proof, certified by the engine as any case is, then shrunk
// (verify/search/case_shrinker.hpp) as long as it stays certified and inside the region.
#include <optional>

#include "verify/engine/case.hpp"
#include "verify/engine/outcome.hpp"
#include "verify/prove/region.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::prove {

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
