#pragma once
// Cases from a GPT-2 checkpoint: the positions path (gpt2-positions:DIR) or text (gpt2:DIR).
#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (a gpt2 kind).
ModelCases load_gpt2_source(const SourceRequest& request, const SourceSpec& spec);

}  // namespace nb::sources
