#pragma once
// The certified checks of a reproduction as rows of its claims table: per theorem checked on the
// source's rows, whether it holds on all of them or fails on k of n (certified counterexamples),
// and how loose its bound is there (the value/bound ratios of verify/results/tightness_ratio.hpp: median,
// loosest, tightest), flagged vacuous per claim when the median row's bound is more than 10 times
// looser than its value or the bound is trivial (not positive) on most rows. Undecided rows (TIGHT)
// count as no counterexample.
#include <vector>

#include "verify/reproduce/claim.hpp"
#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

// One claim per theorem of `certified`, id "certified <theorem id>"; the evidence is left to the caller.
std::vector<Claim> certified_findings(const std::vector<CertifiedRows>& certified);

// Whether `c` is one of those claims.
bool is_certified_finding(const Claim& c);

}  // namespace nb::reproduce
