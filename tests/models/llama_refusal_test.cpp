// What the Llama-family reader cannot read is refused with nb::InputError naming the field and
// its value (exit 65 at the command line), never computed some other way: each test breaks one
// thing in a tiny synthetic model directory that otherwise loads and runs.
#include <gtest/gtest.h>

#include <fstream>

#include "llama_directory.hpp"
#include "models/gpt2/activation_recorder.hpp"
#include "models/llama/forward.hpp"
#include "models/llama/tokenizer.hpp"
#include "tests/support/scratch_directory.hpp"
#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Loads the model and tokenizer of `directory` and runs the pass on "ab a", as a source does.
void load_and_run(const fs::path& directory) {
  const auto model = load_model<float>(directory);
  const auto ids = LlamaTokenizer::load_directory(directory).encode("ab a");
  gpt2::ForwardHooks<float> nothing;
  forward_tokens(model, std::span<const int>(ids), nothing);
}

// The message of the InputError that loading and running `edits`' directory throws, or "" if none.
std::string refusal(const test::TinyLlamaEdits& edits) {
  const test::ScratchDirectory scratch;
  test::write_tiny_llama(scratch.path(), edits);
  try {
    load_and_run(scratch.path());
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

test::TinyLlamaEdits config_edit(std::function<void(json&)> edit) {
  test::TinyLlamaEdits edits;
  edits.edit_config = std::move(edit);
  return edits;
}

test::TinyLlamaEdits tokenizer_edit(std::function<void(json&)> edit) {
  test::TinyLlamaEdits edits;
  edits.edit_tokenizer = std::move(edit);
  return edits;
}

TEST(TinyLlama, LoadsRunsAndTokenizes) {
  const test::ScratchDirectory scratch;
  test::write_tiny_llama(scratch.path());
  EXPECT_NO_THROW(load_and_run(scratch.path()));
  // "▁a" then "b": the merge "▁ a" (rank 0) wins over "a b" (rank 1); "ï" falls back to bytes.
  const auto tokenizer = LlamaTokenizer::load_directory(scratch.path());
  EXPECT_EQ(tokenizer.encode("ab"), (std::vector<int>{1, 262, 261}));
  EXPECT_EQ(tokenizer.encode("<s>b</s>"), (std::vector<int>{1, 1, 259, 261, 2}));
  EXPECT_EQ(tokenizer.encode("\xC3\xAF"), (std::vector<int>{1, 259, 3 + 0xC3, 3 + 0xAF}));
  EXPECT_THROW(tokenizer.encode("\xC3"), InputError);
  // Grouped-query attention: query heads 0 and 1 read key/value head 0, heads 2 and 3 head 1.
  const auto model = load_model<double>(scratch.path());
  gpt2::ActivationRecorder<double> recorded;
  const std::vector<int> ids{1, 262, 261};
  forward_tokens(model, std::span<const int>(ids), recorded);
  const auto& heads = recorded.layers[1].heads;
  EXPECT_EQ(heads[0].k, heads[1].k);
  EXPECT_EQ(heads[2].v, heads[3].v);
  EXPECT_NE(heads[0].k, heads[2].k);
}

TEST(TinyLlama, RefusesAnUnknownModelType) {
  const auto message = refusal(config_edit([](json& c) { c["model_type"] = "qwen2"; }));
  EXPECT_NE(message.find("'model_type' is \"qwen2\""), std::string::npos) << message;
}

TEST(TinyLlama, RefusesARopeScalingKindItDoesNotImplement) {
  const auto message = refusal(config_edit([](json& c) { c["rope_scaling"] = {{"rope_type", "linear"}, {"factor", 2.0}}; }));
  EXPECT_NE(message.find("'rope_scaling' has rope_type \"linear\""), std::string::npos) << message;
  EXPECT_EQ(refusal(config_edit([](json& c) { c["rope_scaling"] = {{"rope_type", "default"}}; })), "");
}

TEST(TinyLlama, RefusesAnotherActivation) {
  const auto message = refusal(config_edit([](json& c) { c["hidden_act"] = "gelu"; }));
  EXPECT_NE(message.find("'hidden_act' is \"gelu\""), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAMissingKey) {
  const auto message = refusal(config_edit([](json& c) { c.erase("rms_norm_eps"); }));
  EXPECT_NE(message.find("missing key 'rms_norm_eps'"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesHeadsThatDoNotGroup) {
  const auto message = refusal(config_edit([](json& c) { c["num_key_value_heads"] = 3; }));
  EXPECT_NE(message.find("num_key_value_heads = 3 does not divide num_attention_heads = 4"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAMissingTensor) {
  test::TinyLlamaEdits edits;
  edits.drop = "model.layers.1.mlp.up_proj.weight";
  const auto message = refusal(edits);
  EXPECT_NE(message.find("lacks the tensor 'model.layers.1.mlp.up_proj.weight'"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAnIntegerDtype) {
  test::TinyLlamaEdits edits;
  edits.i32_tensor = "model.layers.0.self_attn.k_proj.weight";
  const auto message = refusal(edits);
  EXPECT_NE(message.find("'model.layers.0.self_attn.k_proj.weight' has dtype I32"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAttentionBiasesTheCheckpointLacks) {
  const auto message = refusal(config_edit([](json& c) { c["attention_bias"] = true; }));
  EXPECT_NE(message.find("lacks the tensor 'model.layers.0.self_attn.q_proj.bias' and 7 more"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAMistralTextLongerThanItsSlidingWindow) {
  const auto message = refusal(config_edit([](json& c) {
    c["model_type"] = "mistral";
    c["sliding_window"] = 2;
  }));
  EXPECT_NE(message.find("exceed sliding_window = 2"), std::string::npos) << message;
  EXPECT_EQ(refusal(config_edit([](json& c) {
              c["model_type"] = "mistral";
              c["sliding_window"] = 4096;
            })),
            "");
}

TEST(TinyLlama, RefusesAByteLevelPreTokenizer) {
  const auto message = refusal(tokenizer_edit([](json& t) { t["pre_tokenizer"] = {{"type", "ByteLevel"}}; }));
  EXPECT_NE(message.find("pre_tokenizer is {\"type\":\"ByteLevel\"}"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAnotherNormalizer) {
  const auto message = refusal(tokenizer_edit([](json& t) { t["normalizer"] = {{"type", "NFKC"}}; }));
  EXPECT_NE(message.find("normalizer is {\"type\":\"NFKC\"}"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAUnigramModel) {
  const auto message = refusal(tokenizer_edit([](json& t) { t["model"]["type"] = "Unigram"; }));
  EXPECT_NE(message.find("model.type is \"Unigram\""), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAnAddedTokenThatStripsSpaces) {
  const auto message = refusal(tokenizer_edit([](json& t) { t["added_tokens"][1]["lstrip"] = true; }));
  EXPECT_NE(message.find("added token '<s>' has lstrip true"), std::string::npos) << message;
}

TEST(TinyLlama, RefusesAShardIndexLeavingTheDirectory) {
  const test::ScratchDirectory scratch;
  test::write_tiny_llama(scratch.path());
  fs::rename(scratch.path() / "model.safetensors", scratch.path() / "shard.safetensors");
  std::ofstream(scratch.path() / "model.safetensors.index.json")
      << R"({"weight_map": {"model.norm.weight": "../shard.safetensors"}})";
  try {
    load_and_run(scratch.path());
    FAIL() << "no refusal";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not a file name in the model directory"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace nb::llama
