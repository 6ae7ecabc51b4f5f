#pragma once
// The works a run's theorems come from, named in a report's default title and framing sentence,
// so that an appendix made from a user's theorem files names their paper, not normbound's.
#include <string>
#include <vector>

namespace nb::reports {

// The work each source cites first, the text before its first comma or semicolon ("arXiv
// 2508.17821" of "arXiv 2508.17821, Corollary 3", "Shannon (1948)" of "Shannon (1948), weakened on
// purpose"), each once, in the order of `sources`; empty sources are left out.
std::vector<std::string> works_cited(const std::vector<std::string>& sources);

// The work `source` cites first (as works_cited), "" for an empty source.
std::string work_cited(const std::string& source);

// The part of that work `source` names first (so that a report groups the theorems citing it), a
// kind and its number ("Corollary 2(ii)" of "arXiv
// 2508.17821, beside Corollary 2(ii) (a rate ...)"; kinds Section, Lemma, Theorem, Corollary,
// Proposition, Definition, Assumption, Algorithm, Equation, Figure or Fig.), "" when it names none
// before its first semicolon.
std::string part_cited(const std::string& source);

// The works as a phrase: "A", "A and B", "A, B and C"; beyond three, the first two and "N other
// works".
std::string works_phrase(const std::vector<std::string>& works);

}  // namespace nb::reports
