#pragma once
// The GPT-2 hyper-parameters of a Hugging Face config.json, validated.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace nb::gpt2 {

struct Gpt2Config {
  int n_layer;
  int n_head;
  int n_embd;
  int n_positions;  // context length: rows of wpe
  int vocab_size;   // rows of wte
  int n_inner;      // width of the MLP hidden layer (Hugging Face default 4 * n_embd)
  double layer_norm_epsilon;

  // Width of one attention head: n_embd / n_head (exact; validated).
  int head_dim() const { return n_embd / n_head; }
};

// Extracts and validates a Gpt2Config from a parsed config.json; `source` names it in errors.
// Guarantees on success: n_layer, n_head, n_embd, vocab_size, n_positions and a given n_inner are
// integers in [1, 2^24], n_layer at most 1024, and n_head divides n_embd; layer_norm_epsilon is finite and > 0.
// n_positions is taken from "n_positions" or, if absent, "n_ctx" (both present must agree);
// n_inner from "n_inner" when present and not null, else 4 * n_embd. Keys that would change the
// computation away from GPT-2's must have GPT-2's values when present: activation_function
// "gelu_new", scale_attn_weights true, scale_attn_by_inverse_layer_idx false.
// Throws nb::InputError naming `source` and the key otherwise.
Gpt2Config parse_config(const nlohmann::json& json, const std::string& source);

// Reads and validates config.json at `path` (see parse_config; errors name the path).
Gpt2Config read_config(const std::filesystem::path& path);

}  // namespace nb::gpt2
