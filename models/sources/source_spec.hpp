#pragma once
// The "kind:PATH" form of a source spec.
#include <string>

namespace nb::sources {

// hf_text: a Hugging Face model directory run on text, its family read from config.json's
// model_type ("gpt2" as gpt2_text; "llama", "mistral" by the Llama-family pass).
enum class SourceKind { gpt2_text, gpt2_positions, hf_text, attention_dump, file };

struct SourceSpec {
  SourceKind kind;
  std::string path;  // non-empty
};

// Splits `spec` at the first ':'. Throws UsageError naming the accepted forms if the kind is
// unknown, is "random" (the theorems' own suites, not a model source), or the path is empty.
SourceSpec parse_source_spec(const std::string& spec);

}  // namespace nb::sources
