#pragma once
// Cases from recorded attention (gpt2-attention/promptN.json): the raw logits of every row.
#include <filesystem>
#include <vector>

#include "models/sources/load_source.hpp"
#include "models/sources/source_spec.hpp"

namespace nb::sources {

// See load_source for the guarantees; `spec` is the parsed request.spec (kind attention-dump).
// A directory yields its *.json files in name order. Throws InputError if the directory has no
// dumps or a logit_scale has no exact binary64 reciprocal.
ModelCases load_attention_dump_source(const SourceRequest& request, const SourceSpec& spec);

// The dumps `path` names: itself if it is not a directory, else its *.json files in name order.
// Throws InputError if a directory cannot be listed or has no dumps.
std::vector<std::filesystem::path> dump_files(const std::filesystem::path& path);

// T = 1 / logit_scale, required to be exact so that softmax(logits / T) is the dump's softmax.
// Throws InputError naming `file` otherwise.
ExactTensor dump_temperature(double logit_scale, const std::filesystem::path& file);

}  // namespace nb::sources
