#include "models/sources/theorem_source_cases.hpp"

#include <algorithm>

namespace nb::sources {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::string size_list_text(const std::vector<std::size_t>& values) {
  std::string s;
  for (std::size_t v : values) s += (s.empty() ? "" : ",") + std::to_string(v);
  return s;
}

std::optional<TheoremSourceCases> theorem_source_cases(const Theorem& theorem, const ModelCases& source,
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
    why_not = info.id + " needs rows with more than N = " + size_list_text(top_n) +
              " tokens (L > N); the source has none (raise --max-tokens, choose later --rows, or lower --top-n)";
    return std::nullopt;
  }
  return result;
}

}  // namespace nb::sources
