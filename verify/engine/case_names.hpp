#pragma once
// The names a theorem reads from a case, and the check that a case uses no other: an input the
// theorem does not read (a misspelt "q" for "target") would otherwise be silently ignored, and the
// claim that needed it silently skipped.
#include <string>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb {

// Names of case inputs by kind (Case::numbers, Case::integers, Case::options), optional ones
// included.
struct CaseNames {
  std::vector<std::string> numbers, integers, options;
};

// Throws InputError unless every number, integer and option of `c` is named in `reads`; the
// message names the first unknown input and lists what theorem `theorem_id` reads.
void check_case_names(const Case& c, const CaseNames& reads, const std::string& theorem_id);

}  // namespace nb
