#pragma once
// Cases for one theorem from a model or file source: the rows whose numbers the theorem reads,
// one case per row (and per N of the top-N set for theorems that take one).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "models/sources/load_source.hpp"
#include "verify/engine/case_list.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::sources {

// A theorem's cases from a source, and how many (row, N) pairs were left out because the row has
// no token outside its top-N set (L <= N).
struct TheoremSourceCases {
  CaseList cases;
  std::size_t rows_too_short = 0;
};

// The source's cases for `theorem`, when the source provides every number the theorem reads
// (TheoremInfo::inputs, each under its TheoremInfo::source_names name; the integer "N" comes from
// `top_n` instead). Each case is relabelled with the theorem's id and keeps only the numbers the
// theorem reads, under the theorem's names, so saved cases stay small. A theorem that reads N gets
// one case per (row, N) with N in `top_n` and N < L (L = the row's logits): I_N then leaves a token
// out, which every such statement is about (N = L is topn-distance-full-selection's). Cases are
// built from the source's rows when asked. Otherwise nullopt, with `why_not` saying which input is
// missing (and how a theorem file maps one) or that every row is too short.
std::optional<TheoremSourceCases> theorem_source_cases(const Theorem& theorem, const ModelCases& source,
                                                       const std::vector<std::size_t>& top_n, std::string& why_not);

// "1,5,20": sizes as a comma-separated list.
std::string size_list_text(const std::vector<std::size_t>& values);

}  // namespace nb::sources
