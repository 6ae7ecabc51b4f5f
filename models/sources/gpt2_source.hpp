#pragma once
// Cases from a GPT-2 checkpoint: the positions path (gpt2-positions:DIR) or text (gpt2:DIR).
#include <string>

#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (a gpt2 kind).
ModelCases load_gpt2_source(const SourceRequest& request, const SourceSpec& spec);

// The model's own divisor of q.k: float32 sqrt(head_dim), exactly (8 for head_dim 64).
ExactTensor model_temperature(int head_dim);

// The text of a gpt2:DIR request: request.text_string, or the bytes of request.text_file.
// Throws UsageError unless exactly one is given, InputError if the file cannot be read.
std::string read_text(const SourceRequest& request);

}  // namespace nb::sources
