#include "verify/cli/source_options.hpp"

#include "models/sources/theorem_source_cases.hpp"

namespace nb::cli {

void add_source_options(CLI::App& check, sources::SourceRequest& r, std::vector<std::size_t>& top_n) {
  r.spec = "random";
  check.add_option("--source", r.spec,
                   "Where cases come from: random (each theorem's own suite), hf:DIR (a Hugging Face Llama, "
                   "Mistral or GPT-2 directory, with --text), gpt2-positions:DIR, gpt2:DIR (with --text), "
                   "attention-dump:PATH, file:PATH (.json or .npy)")
      ->capture_default_str();
  std::vector<CLI::Option*> source_only;
  source_only.push_back(check.add_option("--text", r.text_file, "Text file to tokenize for --source hf:DIR or gpt2:DIR"));
  source_only.push_back(check.add_option("--text-string", r.text_string, "Text to tokenize for --source hf:DIR or gpt2:DIR"));
  source_only.push_back(check.add_option("--layers", r.layers, "Layers to use (default all)")->delimiter(','));
  source_only.push_back(check.add_option("--heads", r.heads, "Heads to use (default all)")->delimiter(','));
  source_only.push_back(check.add_option("--max-tokens", r.max_tokens, "Tokens (or positions) of the model pass")->capture_default_str());
  source_only.push_back(check.add_option("--rows", r.rows, "Query rows per head: last, all, or K evenly spaced")->capture_default_str());
  source_only.push_back(check.add_option("--vectors", r.vectors,
                   "What plays x_i in the top-N and separability theorems: hidden (the layer's input), values, "
                   "keys or queries, rows 0..t for query row t")
      ->capture_default_str());
  source_only.push_back(check.add_option("--temperature", r.temperature, "T for .npy logits files (an exact literal)")
      ->capture_default_str());
  source_only.push_back(check.add_option("--top-n", top_n,
                   "Sizes N of the top-N set for the theorems that take one; a case per row and N < L")
      ->delimiter(',')
      ->default_str(sources::size_list_text(top_n)));
  // An option that shapes source cases, given without a source, would be silently ignored.
  check.parse_complete_callback([&r, source_only] {
    if (r.spec != "random") return;
    for (const CLI::Option* o : source_only)
      if (o->count() > 0)
        throw CLI::ValidationError(o->get_name(), "applies to cases from --source only; give --source SPEC");
  });
}

}  // namespace nb::cli
