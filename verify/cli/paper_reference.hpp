#pragma once
// `check --paper-ref` / `--fidelity`: theorems selected by the part of the paper their source
// cites, or by their fidelity tag.
#include <string>
#include <vector>

#include "verify/theorem.hpp"

namespace nb::cli {

// Whether `source` cites `reference`: abbreviations are spelled out ("Cor." Corollary, "Thm."
// Theorem, "Lem." Lemma, "Sec." / "§" Section, "Eq." Equation), case is ignored, and a number must
// end where the reference's does ("Corollary 3" does not match "Corollary 30").
bool cites(const std::string& source, const std::string& reference);

// The registered theorems, in registry order, that cite one of `references` (any, when empty)
// and carry one of the fidelity tags `fidelities` (any, when empty).
std::vector<const Theorem*> theorems_citing(const std::vector<std::string>& references,
                                            const std::vector<std::string>& fidelities);

}  // namespace nb::cli
