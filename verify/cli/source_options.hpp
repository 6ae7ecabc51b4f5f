#pragma once
// `check --source`: the options that feed theorems cases from a model or a file instead of their
// random suites.
#include <cstddef>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/sources/load_source.hpp"

namespace nb::cli {

// Adds --source, --text, --text-string, --layers, --heads, --max-tokens, --rows, --vectors,
// --temperature and --top-n to `check`, filling `request` and `top_n` (spec "random" means the
// theorems' own suites).
void add_source_options(CLI::App& check, sources::SourceRequest& request, std::vector<std::size_t>& top_n);

}  // namespace nb::cli
