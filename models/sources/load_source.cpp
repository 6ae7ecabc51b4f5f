#include "models/sources/load_source.hpp"

#include <filesystem>

#include "models/llama/config.hpp"
#include "models/sources/attention_dump_source.hpp"
#include "models/sources/file_source.hpp"
#include "models/sources/gpt2_source.hpp"
#include "models/sources/llama_source.hpp"
#include "models/sources/selection.hpp"
#include "models/sources/source_spec.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::sources {

ModelCases load_source(const SourceRequest& request) {
  const SourceSpec spec = parse_source_spec(request.spec);
  check_row_spec(request.rows);
  check_vectors(request.vectors);
  if (request.max_tokens == 0) throw UsageError("max_tokens must be at least 1");
  const bool has_text = !request.text_file.empty() || !request.text_string.empty();
  if (has_text && spec.kind != SourceKind::gpt2_text && spec.kind != SourceKind::hf_text)
    throw UsageError("source '" + request.spec + "' takes no text (only hf:DIR and gpt2:DIR do)");
  ModelCases result = [&] {
    switch (spec.kind) {
      case SourceKind::gpt2_text:
      case SourceKind::gpt2_positions: return load_gpt2_source(request, spec);
      case SourceKind::hf_text:
        if (llama::read_model_type(std::filesystem::path(spec.path) / "config.json") == "gpt2")
          return load_gpt2_source(request, {SourceKind::gpt2_text, spec.path});
        return load_llama_source(request, spec);
      case SourceKind::attention_dump: return load_attention_dump_source(request, spec);
      case SourceKind::file: return load_file_source(request, spec);
    }
    throw UsageError("source '" + request.spec + "' is not handled");
  }();
  // What the cases and the description record names the source without an absolute path of this
  // machine (they go into results, reports and case files); input_files stay as opened.
  const std::string recorded = recorded_spec(request.spec);
  result.cases = result.cases.adjusted([recorded](Case& c) {
    c.provenance["source"] = recorded;
    if (auto file = c.provenance.find("file"); file != c.provenance.end()) file->second = recorded_path(file->second);
  });
  result.description = recorded + ", " + result.description;
  return result;
}

void hold_cases(ModelCases& m, std::vector<Case> cases) {
  m.row_lengths.clear();
  for (const Case& c : cases) m.row_lengths.push_back(c.number("logits").size());
  m.cases = CaseList(std::move(cases));
}

}  // namespace nb::sources
