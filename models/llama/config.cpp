#include "models/llama/config.hpp"

#include <cmath>
#include <cstdint>

#include "models/files/config_reader.hpp"
#include "models/files/json_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

using files::ConfigReader;

// rope_scaling changes the rotary angles (linear, dynamic, yarn, llama3, longrope ...); only its
// absence, or the explicit "default" kind, is the plain rotation this pass implements.
void require_plain_rope(const ConfigReader& reader) {
  if (!reader.has("rope_scaling")) return;
  const auto& scaling = reader.at("rope_scaling");
  if (!scaling.is_object()) reader.fail("'rope_scaling' is " + scaling.dump() + ", not an object or null");
  for (const char* kind_key : {"rope_type", "type"}) {
    if (scaling.contains(kind_key) && scaling.at(kind_key) != "default") {
      reader.fail("'rope_scaling' has " + std::string(kind_key) + " " + scaling.at(kind_key).dump() +
                  "; normbound implements unscaled rotary embeddings only (rope_scaling null or rope_type \"default\")");
    }
  }
  if (!scaling.contains("rope_type") && !scaling.contains("type"))
    reader.fail("'rope_scaling' is " + scaling.dump() + " with no rope_type; normbound implements unscaled rotary embeddings only");
}

}  // namespace

LlamaConfig parse_config(const nlohmann::json& json, const std::string& source) {
  const ConfigReader reader(json, source);
  LlamaConfig config{};
  if (!reader.has("model_type") || !reader.at("model_type").is_string())
    reader.fail("'model_type' is missing or not a string");
  config.model_type = reader.at("model_type").get<std::string>();
  if (config.model_type != "llama" && config.model_type != "mistral")
    reader.fail("'model_type' is \"" + config.model_type +
                "\"; normbound's Llama-family pass reads \"llama\" and \"mistral\" (and \"gpt2\" through the GPT-2 path)");
  config.num_hidden_layers = reader.layers("num_hidden_layers");
  config.hidden_size = reader.extent("hidden_size");
  config.num_attention_heads = reader.extent("num_attention_heads");
  config.num_key_value_heads =
      reader.has("num_key_value_heads") ? reader.extent("num_key_value_heads") : config.num_attention_heads;
  if (config.num_attention_heads % config.num_key_value_heads != 0)
    reader.fail("num_key_value_heads = " + std::to_string(config.num_key_value_heads) +
                " does not divide num_attention_heads = " + std::to_string(config.num_attention_heads));
  if (reader.has("head_dim")) {
    config.head_dim = reader.extent("head_dim");
  } else {
    if (config.hidden_size % config.num_attention_heads != 0)
      reader.fail("num_attention_heads = " + std::to_string(config.num_attention_heads) +
                  " does not divide hidden_size = " + std::to_string(config.hidden_size) + " and there is no head_dim");
    config.head_dim = config.hidden_size / config.num_attention_heads;
  }
  if (config.head_dim % 2 != 0)
    reader.fail("head_dim is " + std::to_string(config.head_dim) + "; rotary embeddings need an even head dimension");
  config.intermediate_size = reader.extent("intermediate_size");
  config.vocab_size = reader.extent("vocab_size");
  config.max_position_embeddings = reader.extent("max_position_embeddings");
  config.rms_norm_eps = reader.positive("rms_norm_eps", std::nullopt);
  config.rope_theta = reader.positive("rope_theta", 10000.0);
  require_plain_rope(reader);
  if (reader.has("hidden_act") && reader.at("hidden_act") != "silu")
    reader.fail("'hidden_act' is " + reader.at("hidden_act").dump() + "; normbound implements SwiGLU with \"silu\" only");
  if (reader.has("partial_rotary_factor") && reader.at("partial_rotary_factor") != 1)
    reader.fail("'partial_rotary_factor' is " + reader.at("partial_rotary_factor").dump() +
                "; normbound rotates the whole head (1) only");
  config.attention_bias = reader.flag("attention_bias");
  config.mlp_bias = reader.flag("mlp_bias");
  if (reader.has("sliding_window")) {
    if (config.model_type != "mistral")
      reader.fail("'sliding_window' is " + reader.at("sliding_window").dump() + " in a \"" + config.model_type +
                  "\" config; normbound reads it for \"mistral\" only");
    config.sliding_window = reader.extent("sliding_window");
  }
  return config;
}

LlamaConfig read_config(const std::filesystem::path& path) {
  return parse_config(files::read_json_file(path), path.string());
}

std::string read_model_type(const std::filesystem::path& path) {
  const auto json = files::read_json_file(path);
  if (!json.is_object() || !json.contains("model_type") || !json.at("model_type").is_string())
    throw InputError(path.string() + ": 'model_type' is missing or not a string");
  return json.at("model_type").get<std::string>();
}

}  // namespace nb::llama
