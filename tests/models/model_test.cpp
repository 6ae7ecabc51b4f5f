// Loading GPT-2 weights by Hugging Face name: prefixes, skipped buffers, shape checks, partial
// checkpoints and the errors that name what is missing or wrong.
#include "models/gpt2/model.hpp"

#include <gtest/gtest.h>

#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_safetensors.hpp"
#include "tiny_gpt2.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

using test::ScratchDirectory;
using test::tiny_gpt2_dir;
using test::write_tiny_variant;

std::optional<std::string> without_prefix(const std::string& name) {
  return name.starts_with("transformer.") ? name.substr(12) : name;
}

// Loads a variant of the fixture and expects an InputError mentioning every string in `parts`.
void expect_load_error(const test::TensorRename& rename, const std::vector<std::string>& parts) {
  const ScratchDirectory dir;
  write_tiny_variant(dir.path(), rename);
  try {
    load_model_directory<float>(dir.path());
    ADD_FAILURE() << "loaded a bad checkpoint; expected an error mentioning '" << parts.front() << "'";
  } catch (const InputError& e) {
    for (const auto& part : parts) EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(Model, LoadsTheFixtureWithPrefixSkippingMaskBuffers) {
  const auto model = load_model_directory<double>(tiny_gpt2_dir());
  EXPECT_TRUE(model.missing.empty());
  ASSERT_EQ(model.blocks.size(), 2u);
  ASSERT_TRUE(model.wte.has_value());
  EXPECT_EQ(model.wte->rows(), 1000);
  EXPECT_EQ(model.wte->cols(), 64);
  EXPECT_EQ(model.wpe.rows(), 64);
  EXPECT_EQ(model.blocks[1]->c_attn.weight.rows(), 64);
  EXPECT_EQ(model.blocks[1]->c_attn.weight.cols(), 192);
  EXPECT_EQ(model.blocks[1]->mlp_c_fc->weight.cols(), 256);
  EXPECT_EQ(model.blocks[1]->mlp_c_proj->weight.rows(), 256);
  ASSERT_TRUE(model.ln_f.has_value());
}

TEST(Model, LoadsTheSameWeightsWithoutThePrefix) {
  const ScratchDirectory dir;
  write_tiny_variant(dir.path(), without_prefix);
  const auto plain = load_model_directory<double>(dir.path());
  const auto prefixed = load_model_directory<double>(tiny_gpt2_dir());
  EXPECT_EQ(plain.wte->row(999), prefixed.wte->row(999));
  EXPECT_EQ(plain.blocks[1]->mlp_c_proj->weight, prefixed.blocks[1]->mlp_c_proj->weight);
  EXPECT_EQ(plain.ln_f->bias, prefixed.ln_f->bias);
}

TEST(Model, HeadProjectionsFollowTheQueryKeyValueHeadLayout) {
  // c_attn's output axis is query | key | value, head h owning columns h*head_dim.. of each block.
  const auto model = load_model_directory<double>(tiny_gpt2_dir());
  EXPECT_EQ(head_column(model.config, Projection::query, 0), 0);
  EXPECT_EQ(head_column(model.config, Projection::key, 2), 64 + 2 * 16);
  EXPECT_EQ(head_column(model.config, Projection::value, 3), 128 + 3 * 16);
  const auto key = head_projection(model, 1, 2, Projection::key);
  EXPECT_EQ(key.weight.rows(), 64);
  EXPECT_EQ(key.weight.cols(), 16);
  EXPECT_EQ(key.weight(5, 0), model.blocks[1]->c_attn.weight(5, 96));
  EXPECT_EQ(key.bias(15), model.blocks[1]->c_attn.bias(111));
  EXPECT_THROW(head_projection(model, 2, 0, Projection::query), UsageError);
  EXPECT_THROW(head_projection(model, 0, 4, Projection::query), UsageError);
}

TEST(Model, PartialCheckpointLoadsAndListsWhatItLacks) {
  const ScratchDirectory dir;
  write_tiny_variant(dir.path(), [](const std::string& name) -> std::optional<std::string> {
    const auto plain = *without_prefix(name);
    for (const char* absent : {"wte.", ".mlp.", ".attn.c_proj.", ".ln_2."}) {
      if (plain.find(absent) != std::string::npos) return std::nullopt;
    }
    return plain;
  });
  const auto model = load_model_directory<float>(dir.path());
  EXPECT_FALSE(model.wte.has_value());
  EXPECT_FALSE(model.blocks[0]->c_proj.has_value());
  EXPECT_FALSE(model.blocks[1]->mlp_c_fc.has_value());
  EXPECT_TRUE(model.ln_f.has_value());
  EXPECT_EQ(model.missing.size(), 1u + 2u * 8u);
  EXPECT_TRUE(model.missing.count("wte.weight"));
  EXPECT_TRUE(model.missing.count("h.1.mlp.c_proj.bias"));
}

TEST(Model, RejectsMissingAttentionInputsNamingThem) {
  expect_load_error([](const std::string& name) -> std::optional<std::string> {
    if (name.ends_with("h.1.ln_1.bias") || name.ends_with("wpe.weight")) return std::nullopt;
    return name;
  }, {"wpe.weight", "h.1.ln_1.bias", "(2 in all)"});
}

Gpt2Model<double> positions_model(const std::filesystem::path& directory, const std::vector<int>& layers) {
  return load_positions_model<double>(read_config(directory / "config.json"),
                                      SafetensorsFile::read(directory / "model.safetensors"), layers);
}

TEST(Model, PositionsModelHoldsTheSameAttentionInputsAsTheFullModelAndNothingElse) {
  const auto full = load_model_directory<double>(tiny_gpt2_dir());
  const auto model = positions_model(tiny_gpt2_dir(), {1});
  EXPECT_TRUE(model.attention_inputs_only);
  EXPECT_FALSE(full.attention_inputs_only);
  EXPECT_EQ(model.missing, full.missing);
  EXPECT_EQ(model.wpe, full.wpe);
  ASSERT_EQ(model.blocks.size(), 2u);
  EXPECT_FALSE(model.blocks[0].has_value());
  ASSERT_TRUE(model.blocks[1].has_value());
  EXPECT_EQ(model.blocks[1]->ln_1.weight, full.blocks[1]->ln_1.weight);
  EXPECT_EQ(model.blocks[1]->ln_1.bias, full.blocks[1]->ln_1.bias);
  EXPECT_EQ(model.blocks[1]->c_attn.weight, full.blocks[1]->c_attn.weight);
  EXPECT_EQ(model.blocks[1]->c_attn.bias, full.blocks[1]->c_attn.bias);
  EXPECT_FALSE(model.blocks[1]->c_proj.has_value());
  EXPECT_FALSE(model.blocks[1]->mlp_c_fc.has_value());
  EXPECT_FALSE(model.wte.has_value());
  EXPECT_FALSE(model.ln_f.has_value());
  EXPECT_EQ(head_projection(model, 1, 3, Projection::value).weight, head_projection(full, 1, 3, Projection::value).weight);
  EXPECT_THROW(head_projection(model, 0, 0, Projection::query), UsageError);  // layer 0 not loaded
  EXPECT_THROW(positions_model(tiny_gpt2_dir(), {2}), UsageError);
}

TEST(Model, PositionsModelNeedsOnlyTheAttentionInputsOfItsLayers) {
  const ScratchDirectory dir;
  write_tiny_variant(dir.path(), [](const std::string& name) -> std::optional<std::string> {
    if (name.ends_with("h.1.attn.c_attn.weight")) return std::nullopt;
    return name;
  });
  EXPECT_THROW(load_model_directory<double>(dir.path()), InputError);
  const auto model = positions_model(dir.path(), {0});
  EXPECT_TRUE(model.missing.count("h.1.attn.c_attn.weight"));
  try {
    positions_model(dir.path(), {0, 1});
    ADD_FAILURE() << "loaded layer 1 without its c_attn weight";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("h.1.attn.c_attn.weight"), std::string::npos) << e.what();
  }
}

TEST(Model, RejectsUnknownDuplicateOrMisshapenTensors) {
  expect_load_error([](const std::string& name) -> std::optional<std::string> {
    return name == "transformer.ln_f.bias" ? "transformer.h.2.ln_1.bias" : name;
  }, {"'transformer.h.2.ln_1.bias'", "not a GPT-2 tensor"});
  expect_load_error([](const std::string& name) -> std::optional<std::string> {
    return name == "transformer.ln_f.bias" ? "ln_f.weight" : name;
  }, {"'ln_f.weight'", "appears twice"});
}

TEST(Model, RejectsAWeightOfTheWrongShape) {
  const ScratchDirectory dir;
  std::filesystem::copy_file(tiny_gpt2_dir() / "config.json", dir.path() / "config.json");
  // A transposed c_attn ([3C, C] instead of [C, 3C]) must not load.
  const auto config = read_config(dir.path() / "config.json");
  std::vector<test::TestTensor> tensors;
  for (const auto& expected : expected_tensors(config)) {
    auto shape = expected.shape;
    if (expected.name == "h.0.attn.c_attn.weight") std::swap(shape[0], shape[1]);
    std::size_t count = 1;
    for (const auto extent : shape) count *= extent;
    tensors.push_back({expected.name, "F32", shape, test::f32_bytes(std::vector<float>(count, 0.5f))});
  }
  test::write_bytes(dir.path() / "model.safetensors", test::safetensors_bytes(tensors));
  try {
    load_model_directory<float>(dir.path());
    ADD_FAILURE() << "loaded a transposed c_attn";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'h.0.attn.c_attn.weight' has shape [192, 64], the config needs [64, 192]"),
              std::string::npos)
        << e.what();
  }
}

TEST(Model, SkipsTiedOutputProjection) {
  const ScratchDirectory dir;
  write_tiny_variant(dir.path(), [](const std::string& name) -> std::optional<std::string> {
    return name == "transformer.wte.weight" ? "lm_head.weight" : name;  // lm_head has wte's shape
  });
  const auto model = load_model_directory<float>(dir.path());
  EXPECT_EQ(model.missing, (std::set<std::string>{"wte.weight"}));
}

}  // namespace
}  // namespace nb::gpt2
