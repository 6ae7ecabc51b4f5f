#pragma once
// `check --source`: feeding theorems cases from a model or a file instead of their random suites.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/sources/load_source.hpp"
#include "verify/theorem.hpp"

namespace nb::cli {

// Adds --source, --text, --text-string, --layers, --heads, --max-tokens, --rows, --vectors and
// --temperature to `check`, filling `request` (spec "random" means the theorems' own suites).
void add_source_options(CLI::App& check, sources::SourceRequest& request);

// The source's cases for `theorem` (relabelled with its id) when the source provides every number
// the theorem reads (TheoremInfo::inputs); otherwise nullopt with `why_not` saying what is missing.
std::optional<std::vector<Case>> source_cases_for(const Theorem& theorem, const sources::ModelCases& source,
                                                  std::string& why_not);

}  // namespace nb::cli
