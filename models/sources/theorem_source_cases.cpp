#include "models/sources/theorem_source_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

namespace nb::sources {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The name under which the source provides the theorem's input `name`.
std::string source_name(const TheoremInfo& info, const std::string& name) {
  const auto renamed = info.source_names.find(name);
  return renamed != info.source_names.end() ? renamed->second : name;
}

// "'l' (read as 'logits')" for a renamed input, "'l'" otherwise.
std::string input_phrase(const TheoremInfo& info, const std::string& name) {
  const std::string from = source_name(info, name);
  return "'" + name + "'" + (from != name ? " (from '" + from + "')" : "");
}

std::string provided_list(const std::vector<std::string>& provided) {
  std::string s;
  for (const auto& name : provided) s += (s.empty() ? "" : ", ") + name;
  return s;
}

// One case of the theorem: source row `row`, and N unless it is 0.
struct RowAndN {
  std::size_t row = 0, N = 0;
};

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
    if (name != "N" && !contains(source.provided, source_name(info, name))) missing.push_back(name);
  if (!missing.empty()) {
    why_not = info.id + " needs";
    for (const auto& m : missing) why_not += " " + input_phrase(info, m);
    why_not += ", which the source does not provide (it provides " + provided_list(source.provided) +
               "; a theorem file reads one of them into an input of another name with from = \"NAME\" in the "
               "input's table)";
    return std::nullopt;
  }

  TheoremSourceCases result;
  auto entries = std::make_shared<std::vector<RowAndN>>();
  for (std::size_t row = 0; row < source.cases.size(); ++row) {
    if (!takes_N) {
      entries->push_back({row, 0});
      continue;
    }
    for (std::size_t N : top_n) {
      if (N >= source.row_lengths[row]) {
        ++result.rows_too_short;
        continue;
      }
      entries->push_back({row, N});
    }
  }
  if (entries->empty()) {
    why_not = info.id + " needs rows with more than N = " + size_list_text(top_n) +
              " tokens (L > N); the source has none (raise --max-tokens, choose later --rows, or lower --top-n)";
    return std::nullopt;
  }
  // Each input's name in the case and in the source row.
  std::vector<std::pair<std::string, std::string>> names;
  for (const auto& name : info.inputs)
    if (name != "N") names.emplace_back(name, source_name(info, name));
  const std::size_t count = entries->size();
  result.cases = CaseList(count, [entries = std::shared_ptr<const std::vector<RowAndN>>(std::move(entries)),
                                  rows = source.cases, names = std::move(names), id = info.id](std::size_t k) {
    const RowAndN e = (*entries)[k];
    Case row = rows[e.row];
    Case c;
    c.theorem = id;
    c.label = std::move(row.label);
    c.provenance = std::move(row.provenance);
    c.integers = std::move(row.integers);
    c.options = std::move(row.options);
    for (const auto& [name, from] : names) c.numbers[name] = row.numbers.at(from);
    if (e.N > 0) {
      c.integers["N"] = static_cast<std::int64_t>(e.N);
      c.label += ", N = " + std::to_string(e.N);
      c.provenance["N"] = std::to_string(e.N);
    }
    return c;
  });
  return result;
}

}  // namespace nb::sources
