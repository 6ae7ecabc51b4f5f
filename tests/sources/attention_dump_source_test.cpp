// attention-dump: softmax(logits / T) of every case reproduces the dumped attention row.
#include <cstdlib>
#include <filesystem>
#include <map>

#include <gtest/gtest.h>

#include "models/gpt2/attention_dump.hpp"
#include "models/sources/load_source.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::sources {
namespace {

TEST(AttentionDumpSource, ReproducesTheDumpedSoftmax) {
  const char* dir = std::getenv("NORMBOUND_ATTENTION_DUMPS");
  if (!dir) GTEST_SKIP() << "NORMBOUND_ATTENTION_DUMPS is not set";
  SourceRequest request;
  request.spec = std::string("attention-dump:") + dir;
  request.rows = "all";
  const ModelCases m = load_source(request);
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "logits"}));
  ASSERT_FALSE(m.cases.empty());
  ASSERT_EQ(m.cases.size() % (12u * 12u * 6u), 0u);  // every layer, head and row of 6-token prompts
  std::map<std::string, gpt2::AttentionDump> dumps;
  for (const Case& c : m.cases) {
    // Recorded by file name (no absolute path of the machine); the dump is read from `dir`.
    const std::string& recorded = c.provenance.at("file");
    ASSERT_NE(recorded.front(), '/') << recorded;
    const std::string file = (std::filesystem::path(dir) / std::filesystem::path(recorded).filename()).string();
    if (!dumps.count(file)) dumps.emplace(file, gpt2::read_attention_dump(file));
    const gpt2::AttentionDump& dump = dumps.at(file);
    const int layer = std::stoi(c.provenance.at("layer")), head = std::stoi(c.provenance.at("head")),
              t = std::stoi(c.provenance.at("row"));
    EXPECT_EQ(c.number("T"), ExactTensor::literal("8"));
    const Vector<double> alpha = softmax<double>(c.number("logits").to_vector<double>(), c.number("T").entry<double>(0));
    ASSERT_EQ(alpha.size(), t + 1) << c.label;
    for (int s = 0; s <= t; ++s) EXPECT_NEAR(alpha[s], dump.weights(layer, head)(t, s), 1e-6) << c.label << " s=" << s;
  }
}

TEST(AttentionDumpSource, SelectsLayersHeadsAndRows) {
  const char* dir = std::getenv("NORMBOUND_ATTENTION_DUMPS");
  if (!dir) GTEST_SKIP() << "NORMBOUND_ATTENTION_DUMPS is not set";
  SourceRequest request;
  request.spec = std::string("attention-dump:") + (std::filesystem::path(dir) / "prompt0.json").string();
  request.layers = {3};
  request.heads = {5, 1};
  const ModelCases m = load_source(request);
  ASSERT_EQ(m.cases.size(), 2u);
  EXPECT_EQ(m.cases[0].label, "prompt0 L3 H5 row 5");
  EXPECT_EQ(m.cases[1].provenance.at("head"), "1");
  EXPECT_EQ(m.cases[0].number("logits").size(), 6u);
}

}  // namespace
}  // namespace nb::sources
