// gpt2 sources: cases agree with the model's own attention rows; text needs a full checkpoint.
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "models/gpt2/activation_recorder.hpp"
#include "models/gpt2/forward.hpp"
#include "models/sources/load_source.hpp"
#include "verify/errors.hpp"
#include "verify/softmax.hpp"

namespace nb::sources {
namespace {

// The recorded matrix whose rows the case's "vectors" should be, by its provenance "vectors".
const gpt2::Matrix<float>& recorded_vectors(const Case& c, const gpt2::LayerRecord<float>& layer,
                                            const gpt2::HeadRecord<float>& h) {
  const std::string& chosen = c.provenance.at("vectors");
  if (chosen == "keys") return h.k;
  if (chosen == "queries") return h.q;
  if (chosen == "hidden") return layer.input;
  return h.v;
}

// Checks every case's softmax(logits / T), q, k, v and x_i against a recorded forward pass.
void expect_cases_match(const ModelCases& m, const gpt2::ActivationRecorder<float>& recorded) {
  for (const Case& c : m.cases) {
    const int layer = std::stoi(c.provenance.at("layer")), head = std::stoi(c.provenance.at("head")),
              t = std::stoi(c.provenance.at("row"));
    const auto& record = recorded.layers.at(static_cast<std::size_t>(layer));
    const auto& h = record.heads.at(static_cast<std::size_t>(head));
    const Vector<double> alpha = softmax<double>(c.number("logits").to_vector<double>(), c.number("T").entry<double>(0));
    ASSERT_EQ(alpha.size(), t + 1) << c.label;
    for (int s = 0; s <= t; ++s) EXPECT_NEAR(alpha[s], h.attention(t, s), 1e-6) << c.label << " s=" << s;
    EXPECT_EQ(c.number("query").approx(3), static_cast<double>(h.q(t, 3))) << c.label;
    EXPECT_EQ(c.number("keys").rows(), static_cast<std::size_t>(t + 1)) << c.label;
    EXPECT_EQ(c.number("values").approx(c.number("values").size() - 1), static_cast<double>(h.v(t, h.v.cols() - 1)));
    const gpt2::Matrix<float>& x = recorded_vectors(c, record, h);
    const ExactTensor& vectors = c.number("vectors");
    ASSERT_EQ(vectors.rows(), static_cast<std::size_t>(t + 1)) << c.label;
    ASSERT_EQ(vectors.cols(), static_cast<std::size_t>(x.cols())) << c.label;
    for (int s = 0; s <= t; ++s)
      for (Eigen::Index k = 0; k < x.cols(); ++k)
        ASSERT_EQ(vectors.approx(static_cast<std::size_t>(s * x.cols() + k)), static_cast<double>(x(s, k)))
            << c.label << " x_" << s << "[" << k << "]";
  }
}

TEST(Gpt2Source, PositionsOnTheRealPartialCheckpoint) {
  const char* dir = std::getenv("NORMBOUND_GPT2_DIR");
  if (!dir) GTEST_SKIP() << "NORMBOUND_GPT2_DIR is not set";
  SourceRequest request;
  request.spec = std::string("gpt2-positions:") + dir;
  request.max_tokens = 16;
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 144u);
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "keys", "logits", "query", "values", "vectors"}));
  EXPECT_EQ(m.cases[0].label, "L0 H0 row 15");
  EXPECT_EQ(m.cases[0].provenance.at("vectors"), "values");
  EXPECT_EQ(m.cases[143].label, "L11 H11 row 15");
  EXPECT_EQ(m.cases[0].number("T"), ExactTensor::literal("8"));
  EXPECT_EQ(m.cases[0].number("query").size(), 64u);
  const auto model = gpt2::load_model_directory<float>(dir);
  gpt2::ActivationRecorder<float> recorded;
  gpt2::forward_positions(model, 16, recorded);
  expect_cases_match(m, recorded);
}

TEST(Gpt2Source, TextOnAPartialCheckpointNamesWte) {
  const char* dir = std::getenv("NORMBOUND_GPT2_DIR");
  if (!dir) GTEST_SKIP() << "NORMBOUND_GPT2_DIR is not set";
  SourceRequest request;
  request.spec = std::string("gpt2:") + dir;
  request.text_string = "Hello world";
  try {
    load_source(request);
    FAIL() << "a partial checkpoint must not run on text";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("wte.weight"), std::string::npos) << e.what();
  }
}

TEST(Gpt2Source, TinyFixturePositionsWithRowsAndHidden) {
  SourceRequest request;
  request.spec = std::string("gpt2-positions:") + NORMBOUND_TINY_GPT2_DIR;
  request.max_tokens = 1000;  // capped at the fixture's 64 positions
  request.rows = "3";
  request.layers = {1};
  request.vectors = "hidden";
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 4u * 3u);
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "keys", "logits", "query", "values", "vectors"}));
  EXPECT_EQ(m.cases[0].label, "L1 H0 row 20");
  EXPECT_EQ(m.cases[2].label, "L1 H0 row 63");
  EXPECT_EQ(m.cases[0].number("T"), ExactTensor::literal("4"));  // sqrt(head_dim 16)
  EXPECT_EQ(m.cases[2].number("vectors").rows(), 64u);
  EXPECT_EQ(m.cases[2].number("vectors").cols(), 64u);  // n_embd: the layer input, not a head's width
  const auto model = gpt2::load_model_directory<float>(NORMBOUND_TINY_GPT2_DIR);
  gpt2::ActivationRecorder<float> recorded;
  gpt2::forward_positions(model, 64, recorded);
  expect_cases_match(m, recorded);
}

TEST(Gpt2Source, TinyFixtureVectorsFollowTheChoice) {
  const auto model = gpt2::load_model_directory<float>(NORMBOUND_TINY_GPT2_DIR);
  gpt2::ActivationRecorder<float> recorded;
  gpt2::forward_positions(model, 10, recorded);
  for (const std::string chosen : {"values", "keys", "queries"}) {
    SourceRequest request;
    request.spec = std::string("gpt2-positions:") + NORMBOUND_TINY_GPT2_DIR;
    request.max_tokens = 10;
    request.rows = "2";
    request.vectors = chosen;
    const ModelCases m = load_source(request);
    ASSERT_EQ(m.cases.size(), 2u * 4u * 2u);
    EXPECT_NE(m.description.find("x_i = " + chosen), std::string::npos) << m.description;
    expect_cases_match(m, recorded);
  }
}

TEST(Gpt2Source, TextNeedsTheTokenizerFiles) {
  // The fixture is complete but ships no vocab.json / merges.txt.
  if (std::filesystem::exists(std::filesystem::path(NORMBOUND_TINY_GPT2_DIR) / "vocab.json"))
    GTEST_SKIP() << "the fixture now has a vocabulary";
  SourceRequest request;
  request.spec = std::string("gpt2:") + NORMBOUND_TINY_GPT2_DIR;
  request.text_string = "hi";
  try {
    load_source(request);
    FAIL() << "no tokenizer files";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_TRUE(message.find("merges.txt") != std::string::npos || message.find("vocab.json") != std::string::npos)
        << message;
  }
  request.text_string.clear();
  EXPECT_THROW(load_source(request), UsageError);  // gpt2:DIR needs a text
}

}  // namespace
}  // namespace nb::sources
