// config.json validation.
#include "models/gpt2/config.hpp"

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

// The published GPT-2 small configuration (Hugging Face "gpt2" config.json).
nlohmann::json gpt2_small() {
  return nlohmann::json::parse(R"({"model_type": "gpt2", "vocab_size": 50257, "n_positions": 1024, "n_ctx": 1024,
    "n_embd": 768, "n_layer": 12, "n_head": 12, "layer_norm_epsilon": 1e-05, "activation_function": "gelu_new",
    "scale_attn_weights": true, "bos_token_id": 50256, "eos_token_id": 50256, "n_inner": null})");
}

void expect_config_rejected(const nlohmann::json& json, const std::string& part) {
  try {
    parse_config(json, "config.json");
    ADD_FAILURE() << "accepted an invalid config; expected an error mentioning '" << part << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(Config, ReadsGpt2Small) {
  const auto config = parse_config(gpt2_small(), "config.json");
  EXPECT_EQ(config.n_layer, 12);
  EXPECT_EQ(config.n_head, 12);
  EXPECT_EQ(config.n_embd, 768);
  EXPECT_EQ(config.n_positions, 1024);
  EXPECT_EQ(config.vocab_size, 50257);
  EXPECT_EQ(config.n_inner, 3072);
  EXPECT_EQ(config.head_dim(), 64);
  EXPECT_EQ(config.layer_norm_epsilon, 1e-5);
}

TEST(Config, TakesContextFromEitherKeyAndInnerWidthWhenGiven) {
  auto json = gpt2_small();
  json.erase("n_positions");
  json["n_inner"] = 100;
  const auto config = parse_config(json, "c");
  EXPECT_EQ(config.n_positions, 1024);
  EXPECT_EQ(config.n_inner, 100);
}

TEST(Config, RejectsMissingInconsistentOrForeignSettings) {
  auto without = [](const char* key) {
    auto json = gpt2_small();
    json.erase(key);
    return json;
  };
  auto with = [](const char* key, nlohmann::json value) {
    auto json = gpt2_small();
    json[key] = std::move(value);
    return json;
  };
  expect_config_rejected(nlohmann::json::array(), "not a JSON object");
  expect_config_rejected(with("n_layer", 1025), "'n_layer' is 1025, above normbound's limit of 1024 layers");
  expect_config_rejected(with("n_layer", 1 << 24), "above normbound's limit of 1024 layers");
  expect_config_rejected(without("n_layer"), "'n_layer'");
  expect_config_rejected(without("layer_norm_epsilon"), "'layer_norm_epsilon'");
  auto no_context = without("n_positions");
  no_context.erase("n_ctx");
  expect_config_rejected(no_context, "n_positions");
  expect_config_rejected(with("n_head", 7), "does not divide");
  expect_config_rejected(with("n_embd", 0), "'n_embd'");
  expect_config_rejected(with("n_embd", -768), "'n_embd'");
  expect_config_rejected(with("n_embd", 768.5), "'n_embd'");
  expect_config_rejected(with("vocab_size", "50257"), "'vocab_size'");
  expect_config_rejected(with("n_layer", 1LL << 40), "'n_layer'");
  expect_config_rejected(with("n_ctx", 512), "disagree");
  expect_config_rejected(with("layer_norm_epsilon", 0), "'layer_norm_epsilon'");
  expect_config_rejected(with("layer_norm_epsilon", -1e-5), "'layer_norm_epsilon'");
  expect_config_rejected(with("activation_function", "relu"), "activation_function");
  expect_config_rejected(with("scale_attn_weights", false), "scale_attn_weights");
  expect_config_rejected(with("scale_attn_by_inverse_layer_idx", true), "scale_attn_by_inverse_layer_idx");
}

}  // namespace
}  // namespace nb::gpt2
