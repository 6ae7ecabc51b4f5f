#pragma once
// The pinned-case corpus (tests/cases/<theorem-id>/*.json, compiled into the binary): each
// theorem's known witnesses and tightest cases as exact case files, each with the verdict it is
// recorded to get and why. `check` replays a theorem's pinned cases before its suite, so that a
// finding is not lost when suites or seeds change; `search --pin` adds to it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/engine/case.hpp"
#include "verify/engine/verdict.hpp"

namespace nb::theorems {

struct PinnedCase {
  std::string file;  // relative to the repository, e.g. tests/cases/ID/witness.json
  Case input;
  Verdict verdict = Verdict::Proven;  // the recorded verdict
  std::string reason;                 // why this case is pinned
};

// Every pinned case, by file name. Throws InputError naming the file when one is malformed.
const std::vector<PinnedCase>& pinned_cases();

// The inputs of the pinned cases of theorem `id`, in file order.
std::vector<Case> pinned_cases_of(const std::string& id);

// A pinned case file: a case file (verify/engine/case.hpp) with the top-level keys "verdict" (a verdict
// key, verify/engine/verdict.hpp) and "reason", which case-file readers ignore.
nlohmann::json pinned_case_json(const Case& c, Verdict verdict, const std::string& reason);

}  // namespace nb::theorems
