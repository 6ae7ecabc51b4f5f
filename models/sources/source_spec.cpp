#include "models/sources/source_spec.hpp"

#include <array>
#include <utility>

#include "verify/io/errors.hpp"

namespace nb::sources {

namespace {
constexpr const char* kForms = "hf:DIR, gpt2:DIR, gpt2-positions:DIR, attention-dump:PATH or file:PATH";
}

SourceSpec parse_source_spec(const std::string& spec) {
  if (spec == "random")
    throw UsageError("source 'random' is the theorems' own suites, not a model source; expected " +
                     std::string(kForms));
  const auto colon = spec.find(':');
  if (colon == std::string::npos)
    throw UsageError("source '" + spec + "' has no kind; expected " + kForms);
  static const std::array<std::pair<const char*, SourceKind>, 5> kinds{{
      {"hf", SourceKind::hf_text},
      {"gpt2", SourceKind::gpt2_text},
      {"gpt2-positions", SourceKind::gpt2_positions},
      {"attention-dump", SourceKind::attention_dump},
      {"file", SourceKind::file},
  }};
  const std::string kind = spec.substr(0, colon), path = spec.substr(colon + 1);
  for (const auto& [name, value] : kinds)
    if (kind == name) {
      if (path.empty()) throw UsageError("source '" + spec + "' has an empty path");
      return {value, path};
    }
  throw UsageError("source kind '" + kind + "' is unknown; expected " + kForms);
}

}  // namespace nb::sources
