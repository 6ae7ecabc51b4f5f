// gpt2 sources: cases agree with the model's own attention rows; text needs a full checkpoint
// and the tokenizer files.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <utility>

#include <gtest/gtest.h>

#include "models/gpt2/activation_recorder.hpp"
#include "models/gpt2/forward.hpp"
#include "models/gpt2/tokenizer.hpp"
#include "models/sources/load_source.hpp"
#include "tests/support/scratch_directory.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::sources {
namespace {

const std::filesystem::path kTinyGpt2 = NORMBOUND_TINY_GPT2_DIR;

// Two sentences in the style of the corpus the fixture's merges were learned from, so merges apply.
const std::string kTwoSentences =
    "The keeper's daughter counts the stairs every evening. When the ferry arrives, the whole harbour wakes up!";

// The fixture's tokenization of `text`: what a gpt2:DIR source must run the model on.
std::vector<int> fixture_token_ids(const std::string& text) {
  return gpt2::Gpt2Tokenizer::load_directory(kTinyGpt2).encode(text);
}

// The activations of the fixture's float32 forward pass on `token_ids`.
gpt2::ActivationRecorder<float> record_tokens(const std::vector<int>& token_ids) {
  const auto model = gpt2::load_model_directory<float>(kTinyGpt2);
  gpt2::ActivationRecorder<float> recorded;
  gpt2::forward_tokens(model, std::span<const int>(token_ids), recorded);
  return recorded;
}

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

TEST(Gpt2Source, TinyFixturePositionsOfSomeHeadsMatchTheFullPass) {
  // Only layer 0's weights are read and only heads 1 and 2 computed; the cases must be those of
  // the full model's full pass, in the order layer, head, row.
  SourceRequest request;
  request.spec = std::string("gpt2-positions:") + NORMBOUND_TINY_GPT2_DIR;
  request.max_tokens = 12;
  request.rows = "all";
  request.layers = {0};
  request.heads = {2, 1};
  request.vectors = "keys";
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 2u * 12u);
  EXPECT_EQ(m.cases[0].label, "L0 H1 row 0");
  EXPECT_EQ(m.cases[23].label, "L0 H2 row 11");
  const auto model = gpt2::load_model_directory<float>(NORMBOUND_TINY_GPT2_DIR);
  gpt2::ActivationRecorder<float> recorded;
  gpt2::forward_positions(model, 12, recorded);
  expect_cases_match(m, recorded);
  for (const Case& c : m.cases) {
    const int head = std::stoi(c.provenance.at("head")), t = std::stoi(c.provenance.at("row"));
    const auto& h = recorded.layers.at(0).heads.at(static_cast<std::size_t>(head));
    for (int s = 0; s <= t; ++s)  // binary64 dot products of the same float32 vectors
      ASSERT_EQ(c.number("logits").approx(static_cast<std::size_t>(s)),
                h.q.row(t).cast<double>().dot(h.k.row(s).cast<double>())) << c.label;
  }
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

TEST(Gpt2Source, TinyFixtureTokenizerMerges) {
  const auto ids = fixture_token_ids(kTwoSentences);
  EXPECT_GT(ids.size(), 1u);
  EXPECT_LT(ids.size(), kTwoSentences.size());  // some merges applied: fewer tokens than bytes
  EXPECT_EQ(gpt2::Gpt2Tokenizer::load_directory(kTinyGpt2).decode(ids), kTwoSentences);
}

TEST(Gpt2Source, TinyFixtureTextStringAllRows) {
  const auto ids = fixture_token_ids(kTwoSentences);
  const std::size_t tokens = ids.size();
  ASSERT_LE(tokens, 64u);  // within n_positions: nothing is cut
  SourceRequest request;
  request.spec = "gpt2:" + kTinyGpt2.string();
  request.text_string = kTwoSentences;
  request.rows = "all";
  request.vectors = "keys";
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 2u * 4u * tokens);
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "keys", "logits", "query", "values", "vectors"}));
  EXPECT_NE(m.description.find(", " + std::to_string(tokens) + " tokens, all rows"), std::string::npos) << m.description;
  EXPECT_EQ(m.description.find("first"), std::string::npos) << m.description;
  EXPECT_EQ(m.cases.front().label, "L0 H0 row 0");
  EXPECT_EQ(m.cases.back().label, "L1 H3 row " + std::to_string(tokens - 1));
  EXPECT_EQ(m.cases.back().provenance.at("tokens"), std::to_string(tokens));
  EXPECT_EQ(m.input_files, (std::vector<std::string>{(kTinyGpt2 / "config.json").string(),
                                                     (kTinyGpt2 / "model.safetensors").string(),
                                                     (kTinyGpt2 / "vocab.json").string(),
                                                     (kTinyGpt2 / "merges.txt").string()}));
  expect_cases_match(m, record_tokens(ids));
}

TEST(Gpt2Source, TinyFixtureTextFile) {
  // Several lines, code, and a non-ASCII word whose bytes no merge covers.
  const std::string text = "def next_low_water(table, now):\n    return None\n\nThe café opens at 04:12.\n";
  const test::ScratchDirectory scratch;
  const auto path = scratch.path() / "prompt.txt";
  std::ofstream(path, std::ios::binary) << text;
  const auto ids = fixture_token_ids(text);
  SourceRequest request;
  request.spec = "gpt2:" + kTinyGpt2.string();
  request.text_file = path.string();
  request.rows = "all";
  request.vectors = "queries";
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 2u * 4u * ids.size());
  EXPECT_NE(m.description.find(", " + std::to_string(ids.size()) + " tokens, "), std::string::npos) << m.description;
  expect_cases_match(m, record_tokens(ids));
}

TEST(Gpt2Source, TinyFixtureLongTextIsCut) {
  std::string text;
  for (int i = 0; i < 8; ++i) text += kTwoSentences + " ";
  const auto ids = fixture_token_ids(text);
  ASSERT_GT(ids.size(), 64u);
  // max_tokens cuts, and so does the fixture's n_positions (64) when max_tokens is larger.
  for (const auto& [max_tokens, kept] : {std::pair<std::size_t, std::size_t>{8, 8}, {1000, 64}}) {
    SourceRequest request;
    request.spec = "gpt2:" + kTinyGpt2.string();
    request.text_string = text;
    request.max_tokens = max_tokens;
    request.rows = "all";
    request.vectors = "keys";
    const ModelCases m = load_source(request);
    ASSERT_EQ(m.cases.size(), 2u * 4u * kept) << max_tokens;
    EXPECT_NE(m.description.find(std::to_string(kept) + " tokens (first " + std::to_string(kept) + " of " +
                                 std::to_string(ids.size()) + ")"),
              std::string::npos)
        << m.description;
    EXPECT_EQ(m.cases.back().provenance.at("tokens"), std::to_string(kept));
    expect_cases_match(m, record_tokens(std::vector<int>(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(kept))));
  }
}

TEST(Gpt2Source, TextNeedsTheTokenizerFiles) {
  // A complete checkpoint without one or both tokenizer files: the error names a missing one.
  for (const auto& [present, missing] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{}, ""}, {{"vocab.json"}, "merges.txt"}, {{"merges.txt"}, "vocab.json"}}) {
    const test::ScratchDirectory scratch;
    for (const std::string name : {"config.json", "model.safetensors"}) {
      std::filesystem::copy_file(kTinyGpt2 / name, scratch.path() / name);
    }
    for (const auto& name : present) std::filesystem::copy_file(kTinyGpt2 / name, scratch.path() / name);
    SourceRequest request;
    request.spec = "gpt2:" + scratch.path().string();
    request.text_string = "hi";
    try {
      load_source(request);
      FAIL() << "no tokenizer files";
    } catch (const InputError& e) {
      const std::string message = e.what();
      if (missing.empty()) {
        EXPECT_TRUE(message.find("merges.txt") != std::string::npos || message.find("vocab.json") != std::string::npos)
            << message;
      } else {
        EXPECT_NE(message.find((scratch.path() / missing).string()), std::string::npos) << message;
      }
    }
    request.text_string.clear();
    EXPECT_THROW(load_source(request), UsageError);  // gpt2:DIR needs a text
  }
}

}  // namespace
}  // namespace nb::sources
