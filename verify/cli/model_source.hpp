#pragma once
// `check --source`: feeding theorems cases from a model or a file instead of their random suites.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/sources/load_source.hpp"
#include "verify/theorem.hpp"

namespace nb::cli {

// Adds --source, --text, --text-string, --layers, --heads, --max-tokens, --rows, --vectors,
// --temperature and --top-n to `check`, filling `request` and `top_n` (spec "random" means the
// theorems' own suites).
void add_source_options(CLI::App& check, sources::SourceRequest& request, std::vector<std::size_t>& top_n);

// A theorem's cases from a source, and how many (row, N) pairs were left out because the row has
// no token outside its top-N set (L <= N).
struct TheoremSourceCases {
  std::vector<Case> cases;
  std::size_t rows_too_short = 0;
};

// The source's cases for `theorem`, when the source provides every number the theorem reads
// (TheoremInfo::inputs; the integer "N" comes from `top_n` instead). Each case is relabelled with
// the theorem's id and keeps only the numbers the theorem reads, so saved cases stay small. A
// theorem that reads N gets one case per (row, N) with N in `top_n` and N < L (L = the row's
// logits): I_N then leaves a token out, which every such statement is about (N = L is
// topn-distance-full-selection's). Otherwise nullopt, with `why_not` saying what is missing or
// that every row is too short.
std::optional<TheoremSourceCases> source_cases_for(const Theorem& theorem, const sources::ModelCases& source,
                                                   const std::vector<std::size_t>& top_n, std::string& why_not);

}  // namespace nb::cli
