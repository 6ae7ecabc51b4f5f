#include "models/gpt2/config.hpp"

#include "models/files/config_reader.hpp"
#include "models/files/json_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {

Gpt2Config parse_config(const nlohmann::json& json, const std::string& source) {
  const files::ConfigReader reader(json, source);
  Gpt2Config config{};
  config.n_layer = reader.layers("n_layer");
  config.n_head = reader.extent("n_head");
  config.n_embd = reader.extent("n_embd");
  config.vocab_size = reader.extent("vocab_size");
  if (config.n_embd % config.n_head != 0) {
    reader.fail("n_head = " + std::to_string(config.n_head) + " does not divide n_embd = " + std::to_string(config.n_embd));
  }
  // Older configs name the context length n_ctx; newer ones n_positions (often both, equal).
  const bool has_positions = reader.has("n_positions"), has_ctx = reader.has("n_ctx");
  if (!has_positions && !has_ctx) reader.fail("missing key 'n_positions' (or 'n_ctx')");
  config.n_positions = reader.extent(has_positions ? "n_positions" : "n_ctx");
  if (has_positions && has_ctx && reader.extent("n_ctx") != config.n_positions) {
    reader.fail("'n_positions' and 'n_ctx' disagree");
  }
  config.n_inner = reader.has("n_inner") ? reader.extent("n_inner") : 4 * config.n_embd;
  config.layer_norm_epsilon = reader.positive("layer_norm_epsilon");
  reader.require_value("activation_function", "gelu_new", "GPT-2's");
  reader.require_value("scale_attn_weights", true, "GPT-2's");
  reader.require_value("scale_attn_by_inverse_layer_idx", false, "GPT-2's");
  return config;
}

Gpt2Config read_config(const std::filesystem::path& path) {
  return parse_config(files::read_json_file(path), path.string());
}

}  // namespace nb::gpt2
