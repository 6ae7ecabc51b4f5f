#pragma once
// The shape of a case: L tokens, width d, top-N size N, temperature T. `normbound search --shape`
// names one; a suite generator draws cases at one on request (SuiteRequest::shapes), as a regime
// (verify/engine/suite_regime.hpp) asks.
#include <optional>
#include <string>

#include "verify/engine/case.hpp"

namespace nb {

struct CaseShape {
  std::optional<std::size_t> L, d, N;
  std::optional<std::string> T;  // an exact literal
};

// Parses "L=8,d=4,N=2,T=1/8" (any subset, any order). Throws UsageError naming the bad part.
CaseShape parse_case_shape(const std::string& text);

// L: entries of "logits" (else rows of "keys", of "vectors", entries of "logits1"); d: columns of
// "vectors" (else of "keys"); N: the integer N. Unset when the case has no such input.
CaseShape shape_of(const Case& c);

// Whether the case's L, d and N are those `wanted` sets (T is not a filter but a setting).
bool has_shape(const Case& c, const CaseShape& wanted);

// "L=8, d=4, N=2, T=1/8" (the parts set).
std::string shape_text(const CaseShape& s);

}  // namespace nb
