#pragma once
// What `prove` cannot decide on a region: a statement holding an expectation that is sampled at
// the run's sizes (verify/formula/vocabulary/expectations.hpp). Its value is a confidence interval
// from random draws, whose verdict is statistical (check gives it), never an enclosure over a box;
// an expectation over every N-subset enumerated (C(L, N) <= kMaxEnumeratedSubsets) is a finite
// mean of enclosures, which a box proof takes like any other formula.
#include <cstdint>
#include <map>
#include <string>

#include "verify/formula/theorem_spec.hpp"

namespace nb::prove {

// Throws UsageError, one line naming the expectation, its place and what to use instead, where a
// definition, claim or assumption of `spec` holds an expectation over a sphere (always sampled) or
// one with a range over subset(L, N) with C(L, N) beyond kMaxEnumeratedSubsets at `sizes` (or
// with L or N not fixed by them). Called before any of the statement is compiled for a box.
void refuse_sampled_expectations(const formula::TheoremSpec& spec, const std::map<std::string, std::int64_t>& sizes);

}  // namespace nb::prove
