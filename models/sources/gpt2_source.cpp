#include "models/sources/gpt2_source.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>

#include "models/gpt2/forward.hpp"
#include "models/gpt2/tokenizer.hpp"
#include "models/sources/head_case_collector.hpp"
#include "models/sources/selection.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"

namespace nb::sources {

ExactTensor model_temperature(int head_dim) {
  return ExactTensor::scalar(static_cast<double>(std::sqrt(static_cast<float>(head_dim))));
}

std::string read_text(const SourceRequest& request) {
  if (request.text_file.empty() == request.text_string.empty())
    throw UsageError("source '" + request.spec + "' needs exactly one of a text file and a text string");
  if (!request.text_string.empty()) return request.text_string;
  return read_input_file(request.text_file, "text file");
}

ModelCases load_gpt2_source(const SourceRequest& request, const SourceSpec& spec) {
  const std::filesystem::path directory = spec.path;
  const bool positions = spec.kind == SourceKind::gpt2_positions;
  const std::string text = positions ? "" : read_text(request);
  const auto config = gpt2::read_config(directory / "config.json");
  const auto layers = select_indices(request.layers, config.n_layer, "layer");
  const auto heads = select_indices(request.heads, config.n_head, "head");
  // The positions path reads only the selected layers' weights: one layer of a 12-layer checkpoint
  // is a twelfth of the bytes, and a complete checkpoint's wte and MLPs are not read at all.
  const auto weights = gpt2::SafetensorsFile::read(directory / "model.safetensors");
  const auto model = positions ? gpt2::load_positions_model<float>(config, weights, layers)
                               : gpt2::load_model<float>(config, weights);
  const int cap = static_cast<int>(std::min<std::size_t>(request.max_tokens, static_cast<std::size_t>(config.n_positions)));

  std::vector<int> token_ids;
  std::string length_note;
  if (!positions) {
    // A partial checkpoint fails in forward_tokens, whose message names the missing tensors.
    token_ids = gpt2::Gpt2Tokenizer::load_directory(directory).encode(text);
    if (token_ids.empty()) throw InputError("the text of source '" + request.spec + "' has no tokens");
    if (static_cast<int>(token_ids.size()) > cap) {
      length_note = " (first " + std::to_string(cap) + " of " + std::to_string(token_ids.size()) + ")";
      token_ids.resize(static_cast<std::size_t>(cap));
    }
  }
  const int length = positions ? cap : static_cast<int>(token_ids.size());

  HeadCollector collector(layers, heads, request.vectors);
  if (positions) {
    // The cases' logits are binary64 dot products of q and k (row_logits): the model's own logits
    // and attention are not read.
    gpt2::forward_positions(model, length, gpt2::HeadSelection(layers, heads, false), collector);
  } else {
    gpt2::forward_tokens(model, std::span<const int>(token_ids), collector);
  }

  ModelCases result;
  set_head_row_cases(result, collector, select_rows(request.rows, length), model_temperature(config.head_dim()), length,
                     request.vectors, (directory / "model.safetensors").string());
  result.provided = {"T", "keys", "logits", "query", "values", "vectors"};
  result.input_files = {(directory / "config.json").string(), (directory / "model.safetensors").string()};
  if (!positions) {
    result.input_files.push_back((directory / "vocab.json").string());
    result.input_files.push_back((directory / "merges.txt").string());
  }
  std::ostringstream description;
  description << layers.size() << " layers x " << heads.size() << " heads, " << length
              << (positions ? " positions" : " tokens") << length_note << ", " << rows_phrase(request.rows)
              << ", x_i = " << request.vectors;
  result.description = description.str();
  return result;
}

}  // namespace nb::sources
