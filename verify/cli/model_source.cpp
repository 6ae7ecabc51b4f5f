#include "verify/cli/model_source.hpp"

#include <algorithm>

namespace nb::cli {

void add_source_options(CLI::App& check, sources::SourceRequest& r) {
  r.spec = "random";
  check.add_option("--source", r.spec,
                   "Where cases come from: random (each theorem's own suite), gpt2-positions:DIR, gpt2:DIR "
                   "(with --text), attention-dump:PATH, file:PATH (.json or .npy)")
      ->capture_default_str();
  check.add_option("--text", r.text_file, "Text file to tokenize for --source gpt2:DIR");
  check.add_option("--text-string", r.text_string, "Text to tokenize for --source gpt2:DIR");
  check.add_option("--layers", r.layers, "Layers to use (default all)")->delimiter(',');
  check.add_option("--heads", r.heads, "Heads to use (default all)")->delimiter(',');
  check.add_option("--max-tokens", r.max_tokens, "Tokens (or positions) of the model pass")->capture_default_str();
  check.add_option("--rows", r.rows, "Query rows per head: last, all, or K evenly spaced")->capture_default_str();
  check.add_option("--vectors", r.vectors, "What plays x_i in vector theorems: hidden|values|keys|queries")
      ->capture_default_str();
  check.add_option("--temperature", r.temperature, "T for .npy logits files (an exact literal)")
      ->capture_default_str();
}

std::optional<std::vector<Case>> source_cases_for(const Theorem& theorem, const sources::ModelCases& source,
                                                  std::string& why_not) {
  const TheoremInfo& info = theorem.info();
  if (info.inputs.empty()) {
    why_not = info.id + " runs only on its own suites and saved cases";
    return std::nullopt;
  }
  std::vector<std::string> missing;
  for (const auto& name : info.inputs)
    if (std::find(source.provided.begin(), source.provided.end(), name) == source.provided.end())
      missing.push_back(name);
  if (!missing.empty()) {
    why_not = info.id + " needs";
    for (const auto& m : missing) why_not += " '" + m + "'";
    why_not += ", which the source does not provide";
    return std::nullopt;
  }
  std::vector<Case> cases = source.cases;
  for (Case& c : cases) c.theorem = info.id;
  return cases;
}

}  // namespace nb::cli
