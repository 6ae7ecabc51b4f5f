#pragma once
// Cases from a user file: JSON logits rows, JSON queries/keys/values, or a .npy logits array.
#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (kind file). A path
// ending in ".npy" is read as NumPy, anything else as JSON.
ModelCases load_file_source(const SourceRequest& request, const SourceSpec& spec);

}  // namespace nb::sources
