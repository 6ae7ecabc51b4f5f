// The attention-dump reader: validation on small dumps the test builds, and (when
// NORMBOUND_ATTENTION_DUMPS names the gpt2-attention directory) the recorded GPT-2 attention
// reproduced from the recorded q.k products by the causal softmax.
#include "models/gpt2/attention_dump.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "models/gpt2/causal_softmax.hpp"
#include "record_value.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

// A consistent dump: 1 layer, 2 heads, 3 tokens.
nlohmann::json small_dump() {
  nlohmann::json dump = {{"prompt", "a b c"}, {"tokens", {"a", " b", " c"}}, {"token_ids", {64, 275, 269}},
                         {"n_layer", 1},      {"n_head", 2},                {"head_dim", 64},
                         {"logit_scale", 0.125}};
  nlohmann::json square = {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}, {7.0, 8.0, 9.5}};
  dump["qk_dot"] = {{square, square}};
  dump["attention"] = {{square, square}};
  return dump;
}

void expect_dump_rejected(const nlohmann::json& dump, const std::string& part) {
  try {
    parse_attention_dump(dump, "prompt.json");
    ADD_FAILURE() << "accepted an invalid dump; expected an error mentioning '" << part << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("prompt.json"), std::string::npos) << e.what();
  }
}

TEST(AttentionDump, ParsesAConsistentDump) {
  const auto dump = parse_attention_dump(small_dump(), "d");
  EXPECT_EQ(dump.prompt, "a b c");
  EXPECT_EQ(dump.tokens, (std::vector<std::string>{"a", " b", " c"}));
  EXPECT_EQ(dump.token_ids, (std::vector<int>{64, 275, 269}));
  EXPECT_EQ(dump.length(), 3);
  EXPECT_EQ(dump.logit_scale, 0.125);
  EXPECT_EQ(dump.qk(0, 1)(2, 2), 9.5);
  EXPECT_EQ(dump.weights(0, 0)(1, 0), 4.0);
}

TEST(AttentionDump, RejectsInconsistentOrNonFiniteData) {
  auto changed = [](const std::function<void(nlohmann::json&)>& change) {
    auto dump = small_dump();
    change(dump);
    return dump;
  };
  expect_dump_rejected(nlohmann::json::array(), "not a JSON object");
  expect_dump_rejected(changed([](auto& d) { d.erase("qk_dot"); }), "missing field 'qk_dot'");
  expect_dump_rejected(changed([](auto& d) { d["token_ids"].push_back(5); }), "same length");
  expect_dump_rejected(changed([](auto& d) { d["token_ids"][1] = -3; }), "token_ids[1]");
  expect_dump_rejected(changed([](auto& d) { d["n_head"] = 3; }), "'qk_dot[0]' is not an array of 3 entries");
  expect_dump_rejected(changed([](auto& d) { d["attention"][0][1][2] = {1.0, 2.0}; }), "'attention[0][1][2]'");
  expect_dump_rejected(changed([](auto& d) { d["attention"][0][0][1][1] = nullptr; }), "attention[0][0][1][1] is null");
  expect_dump_rejected(changed([](auto& d) { d["qk_dot"][0][0][0][0] = "1"; }), "qk_dot[0][0][0][0]");
  expect_dump_rejected(changed([](auto& d) { d["logit_scale"] = 0; }), "logit_scale");
  expect_dump_rejected(changed([](auto& d) { d["n_layer"] = 0; }), "n_layer");
  // JSON text has no NaN or infinity, but a document built in memory can hold them.
  expect_dump_rejected(changed([](auto& d) { d["qk_dot"][0][0][0][0] = std::nan(""); }), "not a finite number");
  expect_dump_rejected(changed([](auto& d) { d["attention"][0][1][2][0] = -INFINITY; }), "attention[0][1][2][0]");
}

TEST(AttentionDump, RecordedAttentionIsTheCausalSoftmaxOfScaledProducts) {
  const char* directory = std::getenv("NORMBOUND_ATTENTION_DUMPS");
  if (!directory) GTEST_SKIP() << "set NORMBOUND_ATTENTION_DUMPS to the gpt2-attention directory to run this test";
  constexpr double kTolerance = 1e-6;  // the dump's weights are float32 values: ~6e-8 relative rounding
  int dumps = 0;
  double worst = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    if (entry.path().extension() != ".json") continue;
    ++dumps;
    const auto dump = read_attention_dump(entry.path());
    SCOPED_TRACE(entry.path().string());
    EXPECT_EQ(dump.n_layer, 12);
    EXPECT_EQ(dump.n_head, 12);
    EXPECT_EQ(dump.head_dim, 64);
    EXPECT_EQ(dump.logit_scale, 1.0 / std::sqrt(64.0));
    for (int l = 0; l < dump.n_layer; ++l) {
      for (int h = 0; h < dump.n_head; ++h) {
        const Matrix<double> recomputed = causal_softmax<double>(dump.qk(l, h) * dump.logit_scale);
        const double error = (recomputed - dump.weights(l, h)).cwiseAbs().maxCoeff();
        worst = std::max(worst, error);
        EXPECT_LE(error, kTolerance) << "layer " << l << " head " << h;
      }
    }
  }
  EXPECT_EQ(dumps, 3);
  test::record_value("max_abs_error", worst);
}

}  // namespace
}  // namespace nb::gpt2
