#pragma once
// Cases from a Hugging Face Llama-family model directory run on text (hf:DIR whose config.json
// has model_type "llama" or "mistral").
#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (an hf kind).
ModelCases load_llama_source(const SourceRequest& request, const SourceSpec& spec);

}  // namespace nb::sources
