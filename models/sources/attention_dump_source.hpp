#pragma once
// Cases from recorded attention (gpt2-attention/promptN.json): the raw logits of every row.
#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (kind attention-dump).
// A directory yields its *.json files in name order. Throws InputError if the directory has no
// dumps or a logit_scale has no exact binary64 reciprocal.
ModelCases load_attention_dump_source(const SourceRequest& request, const SourceSpec& spec);

}  // namespace nb::sources
