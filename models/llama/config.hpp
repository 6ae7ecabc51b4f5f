#pragma once
// The hyper-parameters of a Hugging Face Llama-family config.json (model_type "llama" or
// "mistral"), validated: what normbound's Llama forward pass computes, and nothing it does not.
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace nb::llama {

struct LlamaConfig {
  std::string model_type;       // "llama" or "mistral"
  int hidden_size;
  int num_hidden_layers;
  int num_attention_heads;
  int num_key_value_heads;      // divides num_attention_heads (grouped-query attention)
  int head_dim;                 // even
  int intermediate_size;        // SwiGLU width
  int vocab_size;
  int max_position_embeddings;  // the context
  double rms_norm_eps;
  double rope_theta;
  bool attention_bias;          // q_proj, k_proj, v_proj and o_proj carry biases
  bool mlp_bias;                // gate_proj, up_proj and down_proj carry biases
  std::optional<int> sliding_window;  // Mistral: keys further back than this are masked

  // Query heads per key/value head: query head h reads key/value head h / group_size().
  int group_size() const { return num_attention_heads / num_key_value_heads; }
};

// Extracts and validates a LlamaConfig from a parsed config.json; `source` names it in errors.
// Guarantees on success: model_type is "llama" or "mistral"; every extent is an integer in
// [1, 2^24] (num_hidden_layers at most 1024); num_key_value_heads (default num_attention_heads)
// divides num_attention_heads; head_dim (default hidden_size / num_attention_heads, which must then
// divide) is even; rms_norm_eps and rope_theta (default 10000) are finite and > 0; hidden_act is
// "silu"; rope_scaling is absent, null or of rope_type "default"; attention_bias and mlp_bias
// (default false) are booleans; sliding_window (mistral only) is null or an extent.
// Throws nb::InputError naming `source`, the key and its value otherwise (an unknown model_type,
// a rope_scaling kind or activation normbound does not implement, a missing key).
LlamaConfig parse_config(const nlohmann::json& json, const std::string& source);

// Reads and validates config.json at `path` (see parse_config; errors name the path).
LlamaConfig read_config(const std::filesystem::path& path);

// The model_type of the config.json at `path` (a string), for dispatching between model
// families. Throws nb::InputError naming the path if it is missing or not a string.
std::string read_model_type(const std::filesystem::path& path);

}  // namespace nb::llama
