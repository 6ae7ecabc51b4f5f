#pragma once
// Reader for recorded GPT-2 attention (the gpt2-attention/promptN.json files): for one prompt,
// the raw query-key dot products and the model's causal softmax weights of every layer and head.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/gpt2/model.hpp"

namespace nb::gpt2 {

struct AttentionDump {
  std::string prompt;
  std::vector<std::string> tokens;
  std::vector<int> token_ids;
  int n_layer;
  int n_head;
  int head_dim;
  double logit_scale;  // the factor applied to qk_dot before the softmax
  // Index layer * n_head + head; each [T, T] with row t = query t.
  std::vector<Matrix<double>> qk_dot;     // q_t . k_s for all t, s (unmasked, unscaled)
  std::vector<Matrix<double>> attention;  // recorded causal softmax weights

  int length() const { return static_cast<int>(token_ids.size()); }
  const Matrix<double>& qk(int layer, int head) const { return qk_dot[static_cast<std::size_t>(layer * n_head + head)]; }
  const Matrix<double>& weights(int layer, int head) const {
    return attention[static_cast<std::size_t>(layer * n_head + head)];
  }
};

// Extracts and validates a dump from parsed JSON; `source` names it in errors. Guarantees on
// success: prompt is a string; tokens (strings) and token_ids (non-negative integers) have the
// same length T >= 1; n_layer, n_head, head_dim are positive integers; logit_scale is finite and
// > 0; qk_dot and attention are nested arrays of exactly n_layer x n_head x T x T finite numbers
// (converted exactly to double). The attention values are not checked against qk_dot.
// Throws nb::InputError naming `source`, the field and the position otherwise.
AttentionDump parse_attention_dump(const nlohmann::json& json, const std::string& source);

// Reads and validates the dump at `path` (see parse_attention_dump; errors name the path).
AttentionDump read_attention_dump(const std::filesystem::path& path);

}  // namespace nb::gpt2
