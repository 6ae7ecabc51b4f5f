#include "models/sources/llama_source.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "models/llama/forward.hpp"
#include "models/llama/tokenizer.hpp"
#include "models/sources/gpt2_source.hpp"
#include "models/sources/head_case_collector.hpp"
#include "models/sources/selection.hpp"
#include "verify/io/errors.hpp"

namespace nb::sources {

ModelCases load_llama_source(const SourceRequest& request, const SourceSpec& spec) {
  const std::filesystem::path directory = spec.path;
  const std::string text = read_text(request);
  const auto model = llama::load_model<float>(directory);
  const auto& config = model.config;
  const auto layers = select_indices(request.layers, config.num_hidden_layers, "layer");
  const auto heads = select_indices(request.heads, config.num_attention_heads, "head");
  const int cap = static_cast<int>(std::min<std::size_t>(request.max_tokens, static_cast<std::size_t>(config.max_position_embeddings)));

  std::vector<int> token_ids = llama::LlamaTokenizer::load_directory(directory).encode(text);
  if (token_ids.empty()) throw InputError("the text of source '" + request.spec + "' has no tokens");
  std::string length_note;
  if (static_cast<int>(token_ids.size()) > cap) {
    length_note = " (first " + std::to_string(cap) + " of " + std::to_string(token_ids.size()) + ")";
    token_ids.resize(static_cast<std::size_t>(cap));
  }
  const int length = static_cast<int>(token_ids.size());

  HeadCollector collector(layers, heads, request.vectors);
  // Layers after the deepest selected one are not run.
  llama::forward_tokens(model, std::span<const int>(token_ids), *std::max_element(layers.begin(), layers.end()) + 1, collector);

  ModelCases result;
  set_head_row_cases(result, collector, select_rows(request.rows, length), model_temperature(config.head_dim), length,
                     request.vectors, "");
  result.provided = {"T", "keys", "logits", "query", "values", "vectors"};
  result.input_files = {(directory / "config.json").string()};
  for (const auto& file : model.checkpoint.files()) result.input_files.push_back(file);
  result.input_files.push_back((directory / "tokenizer.json").string());
  if (std::filesystem::exists(directory / "tokenizer_config.json"))
    result.input_files.push_back((directory / "tokenizer_config.json").string());
  std::ostringstream description;
  description << config.model_type << ", " << layers.size() << " layers x " << heads.size() << " heads ("
              << config.num_key_value_heads << " key/value heads), " << length << " tokens" << length_note << ", "
              << rows_phrase(request.rows) << ", x_i = " << request.vectors;
  result.description = description.str();
  return result;
}

}  // namespace nb::sources
