#pragma once
// `check --paper-ref` / `--fidelity`: theorems selected by the part of the paper their source
// cites, or by their fidelity tag.
#include <optional>
#include <string>
#include <vector>

#include "verify/engine/theorem.hpp"

namespace nb::cli {

// A part of the paper as a whole: its kind spelled out ("Corollary") and its number as printed
// ("3", "2(ii)", "2.3", "2b").
struct PaperReference {
  std::string kind, number;
  std::string text() const { return kind + " " + number; }
  bool operator==(const PaperReference&) const = default;
};

// `text` read as one whole reference: a kind, abbreviated or not ("Cor." Corollary, "Thm."
// Theorem, "Lem." Lemma, "Sec." / "§" Section, "Fig." Figure, "Eq." Equation, "Prop."
// Proposition, "Alg." Algorithm; case ignored), then its number; nothing when it is anything else.
std::optional<PaperReference> paper_reference(const std::string& text);

// The references to arXiv 2508.17821 in `source`: those before its first ';', after which a
// source cites other works ("...; Kim, Papamakarios & Mnih 2021 (ICML), Theorem 3.1").
std::vector<PaperReference> references_cited(const std::string& source);

// Whether `source` cites `reference` or a part of it: "Corollary 2" is cited by "Corollary
// 2(ii)", but "Corollary 3" not by "Corollary 30", nor "Theorem 3" by "Theorem 3.1".
bool cites(const std::string& source, const PaperReference& reference);

// `--paper-ref` values as references; a kind followed by a number in the next value is one
// reference, as the shell splits `--paper-ref Corollary 3`. Throws UsageError, listing the
// references `sources` cite, for a value that is not a whole reference (a bare number, a kind
// without its number) and for a reference that none of `sources` cites.
std::vector<PaperReference> cited_references(const std::vector<std::string>& values,
                                             const std::vector<std::string>& sources);

// `theorems` in the paper's order: by the first part of the paper each source cites, Sections
// first, then Lemmas, Theorems, Corollaries and the other kinds, each by its number ("2.3" after
// "2", "2(ii)" after "2(i)"); among those citing one part, a source naming it directly ("Corollary
// 3") before one beside it ("beside Corollary 3"), then by fidelity (verbatim, reconstructed,
// heuristic, extension) and id. Theorems citing no part of the paper come last, by id. `list`,
// `check --all` and so the default report show theorems in this order.
std::vector<const Theorem*> in_paper_order(std::vector<const Theorem*> theorems);

// Every registered theorem, in the paper's order.
std::vector<const Theorem*> registered_in_paper_order();

// The registered theorems, in the paper's order, that cite one of `references` (any, when empty)
// and carry one of the fidelity tags `fidelities` (any, when empty); throws UsageError as
// cited_references does.
std::vector<const Theorem*> theorems_citing(const std::vector<std::string>& references,
                                            const std::vector<std::string>& fidelities);

}  // namespace nb::cli
