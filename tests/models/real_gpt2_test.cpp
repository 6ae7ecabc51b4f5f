// The real GPT-2 124M weights (when NORMBOUND_GPT2_DIR names a checkpoint directory, complete or
// partial: attention-side weights without wte): published spot values, the error for text input on a
// partial checkpoint, and the positions path through all 12 layers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "models/gpt2/activation_recorder.hpp"
#include "models/gpt2/forward.hpp"
#include "models/gpt2/tokenizer.hpp"
#include "record_value.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

class RealGpt2 : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* directory = std::getenv("NORMBOUND_GPT2_DIR");
    if (!directory) GTEST_SKIP() << "set NORMBOUND_GPT2_DIR to a GPT-2 checkpoint directory to run this test";
    directory_ = directory;
  }

  std::filesystem::path directory_;
};

// Rounds to `decimals` places, for comparing with published values.
double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

TEST_F(RealGpt2, HasThePublishedSpotValues) {
  // Spot values from the data's README (OpenAI's GPT-2 124M weights).
  const auto model = load_model_directory<float>(directory_);
  EXPECT_EQ(model.config.n_layer, 12);
  const auto& c_attn = model.blocks[0]->c_attn;
  const double weight[4] = {-0.4738, -0.2614, -0.0978, -0.3499};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rounded(c_attn.weight(0, i), 4), weight[i]) << "c_attn.weight[0, " << i << "]";
  const double bias[3] = {0.48034, -0.52543, -0.42926};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(rounded(c_attn.bias(i), 5), bias[i]) << "c_attn.bias[" << i << "]";
  const double wpe[3] = {-0.01882, -0.19742, 0.00403};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(rounded(model.wpe(0, i), 5), wpe[i]) << "wpe.weight[0, " << i << "]";
}

TEST_F(RealGpt2, TokenizesWithTheCheckpointsVocabulary) {
  const auto tokenizer = Gpt2Tokenizer::load_directory(directory_);
  EXPECT_EQ(tokenizer.size(), 50257);
  // Ids from the data's README: <|endoftext|> is 50256 for Hugging Face, 27 91 437 1659 5239 91 29 as text.
  EXPECT_EQ(tokenizer.encode("<|endoftext|>"), (std::vector<int>{50256}));
  EXPECT_EQ(tokenizer.encode("<|endoftext|>", SpecialTokens::plain), (std::vector<int>{27, 91, 437, 1659, 5239, 91, 29}));
}

TEST_F(RealGpt2, TextInputOnAPartialCheckpointNamesWte) {
  const auto model = load_model_directory<float>(directory_);
  if (!model.missing.count("wte.weight")) GTEST_SKIP() << directory_ << " is a complete checkpoint";
  const auto ids = Gpt2Tokenizer::load_directory(directory_).encode("Data visualization empowers users to");
  ForwardHooks<float> nothing;
  try {
    forward_tokens(model, std::span<const int>(ids), nothing);
    ADD_FAILURE() << "ran a forward pass on text without token embeddings";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("wte.weight"), std::string::npos) << e.what();
  }
}

TEST_F(RealGpt2, PositionsPathGivesCausalAttentionInEveryLayerAndHead) {
  constexpr int kPositions = 32;
  const auto model = load_model_directory<float>(directory_);
  ActivationRecorder<float> recorder;
  forward_positions(model, kPositions, recorder);
  ASSERT_EQ(recorder.layers.size(), 12u);
  double worst_sum_error = 0;
  for (const auto& layer : recorder.layers) {
    ASSERT_EQ(layer.heads.size(), 12u);
    for (const auto& head : layer.heads) {
      ASSERT_EQ(head.q.rows(), kPositions);
      ASSERT_EQ(head.q.cols(), 64);
      ASSERT_EQ(head.attention.rows(), kPositions);
      for (int t = 0; t < kPositions; ++t) {
        EXPECT_TRUE(head.logits.row(t).head(t + 1).allFinite());
        EXPECT_TRUE((head.attention.row(t).head(t + 1).array() >= 0).all());
        worst_sum_error = std::max(worst_sum_error, std::abs(static_cast<double>(head.attention.row(t).sum()) - 1.0));
        for (int s = t + 1; s < kPositions; ++s) {
          EXPECT_EQ(head.attention(t, s), 0.0f);
          EXPECT_EQ(head.logits(t, s), -INFINITY);
        }
      }
    }
  }
  // A float32 sum of at most 32 terms of size <= 1: rounding below 32 * 2^-24 ~ 2e-6.
  EXPECT_LE(worst_sum_error, 2e-6);
  test::record_value("max_row_sum_error", worst_sum_error);
}

}  // namespace
}  // namespace nb::gpt2
