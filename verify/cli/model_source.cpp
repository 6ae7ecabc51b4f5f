#include "verify/cli/model_source.hpp"

#include <algorithm>

namespace nb::cli {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string list_text(const std::vector<std::size_t>& values) {
  std::string s;
  for (std::size_t v : values) s += (s.empty() ? "" : ",") + std::to_string(v);
  return s;
}

}  // namespace

void add_source_options(CLI::App& check, sources::SourceRequest& r, std::vector<std::size_t>& top_n) {
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
  check.add_option("--vectors", r.vectors,
                   "What plays x_i in the top-N and separability theorems: hidden (the layer's input), values, "
                   "keys or queries, rows 0..t for query row t")
      ->capture_default_str();
  check.add_option("--temperature", r.temperature, "T for .npy logits files (an exact literal)")
      ->capture_default_str();
  check.add_option("--top-n", top_n,
                   "Sizes N of the top-N set for the theorems that take one; a case per row and N < L")
      ->delimiter(',')
      ->default_str(list_text(top_n));
}

std::optional<TheoremSourceCases> source_cases_for(const Theorem& theorem, const sources::ModelCases& source,
                                                   const std::vector<std::size_t>& top_n, std::string& why_not) {
  const TheoremInfo& info = theorem.info();
  if (info.inputs.empty()) {
    why_not = info.id + " runs only on its own suites and saved cases";
    return std::nullopt;
  }
  const bool takes_N = contains(info.inputs, "N");
  std::vector<std::string> missing;
  for (const auto& name : info.inputs)
    if (name != "N" && !contains(source.provided, name)) missing.push_back(name);
  if (!missing.empty()) {
    why_not = info.id + " needs";
    for (const auto& m : missing) why_not += " '" + m + "'";
    why_not += ", which the source does not provide";
    return std::nullopt;
  }

  TheoremSourceCases result;
  for (const Case& row : source.cases) {
    Case c = row;
    c.theorem = info.id;
    std::erase_if(c.numbers, [&](const auto& entry) { return !contains(info.inputs, entry.first); });
    if (!takes_N) {
      result.cases.push_back(std::move(c));
      continue;
    }
    const std::size_t L = c.number("logits").size();
    for (std::size_t N : top_n) {
      if (N >= L) {
        ++result.rows_too_short;
        continue;
      }
      Case with_N = c;
      with_N.integers["N"] = static_cast<std::int64_t>(N);
      with_N.label += ", N = " + std::to_string(N);
      with_N.provenance["N"] = std::to_string(N);
      result.cases.push_back(std::move(with_N));
    }
  }
  if (result.cases.empty()) {
    why_not = info.id + " needs rows with more than N = " + list_text(top_n) +
              " tokens (L > N); the source has none (raise --max-tokens, choose later --rows, or lower --top-n)";
    return std::nullopt;
  }
  return result;
}

}  // namespace nb::cli
