// file: sources keep the decimal text the user wrote.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "models/sources/load_source.hpp"
#include "verify/io/errors.hpp"

namespace nb::sources {
namespace {

std::string write_temp(const std::string& name, const std::string& content) {
  const auto path = std::filesystem::temp_directory_path() / ("normbound_sources_" + std::to_string(::getpid()) + name);
  std::ofstream(path) << content;
  return path.string();
}

SourceRequest file_request(const std::string& path) {
  SourceRequest r;
  r.spec = "file:" + path;
  return r;
}

TEST(FileSource, LogitsRowsKeepDecimalText) {
  const auto path = write_temp("logits.json", R"({"logits": [[0.1, -2, 3e-5], [1.5, 0.30000000000000004]], "T": "0.5"})");
  const ModelCases m = load_source(file_request(path));
  ASSERT_EQ(m.cases.size(), 2u);
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "logits"}));
  const Case first = m.cases[0];  // built when asked: a value, not a reference into the source
  const ExactTensor& row0 = first.number("logits");
  ASSERT_EQ(row0.size(), 3u);
  EXPECT_TRUE(row0.is_vector());
  EXPECT_EQ(row0.text(0), "0.1");
  EXPECT_FALSE(row0.is_dyadic(0));  // exactly 1/10, not the nearest double
  EXPECT_EQ(row0.approx(1), -2.0);  // a binary64 value: stored as that dyadic
  EXPECT_EQ(row0.text(2), "3e-5");
  EXPECT_EQ(m.cases[1].number("logits").text(1), "0.30000000000000004");
  EXPECT_EQ(m.cases[0].number("T"), ExactTensor::literal("0.5"));
  EXPECT_EQ(m.cases[1].label, "row 1");
  std::filesystem::remove(path);
}

TEST(FileSource, QueriesGiveOneCasePerQueryRow) {
  const auto path = write_temp("qk.json",
      R"({"queries": [[1, 0.5], [0.25, 2]], "keys": [[1, 1], [2, -1], [0, 0.1]], "T": "1"})");
  const ModelCases m = load_source(file_request(path));
  ASSERT_EQ(m.cases.size(), 2u);
  // The default x_i, values, are not in the file: no "vectors".
  EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "keys", "logits", "query"}));
  EXPECT_NE(m.description.find("no x_i"), std::string::npos) << m.description;
  const Case& c = m.cases[1];
  EXPECT_EQ(c.number("query").approx(0), 0.25);
  EXPECT_EQ(c.number("keys").rows(), 3u);
  EXPECT_EQ(c.number("keys").cols(), 2u);
  EXPECT_EQ(c.number("keys").text(5), "0.1");
  EXPECT_DOUBLE_EQ(c.number("logits").approx(1), 0.25 * 2 - 2);
  std::filesystem::remove(path);
}

TEST(FileSource, VectorsAreTheArrayTheRequestNames) {
  const auto path = write_temp("qkv.json",
      R"({"queries": [[1, 0.5], [0.25, 2]], "keys": [[1, 1], [2, -1]], "values": [[3], [4]], "T": "1"})");
  SourceRequest request = file_request(path);
  const std::vector<std::pair<std::string, ExactTensor>> expected{
      {"values", ExactTensor(2, 1, {3, 4})}, {"keys", ExactTensor(2, 2, {1, 1, 2, -1})},
      {"queries", ExactTensor(2, 2, {1, 0.5, 0.25, 2})}};
  for (const auto& [chosen, x] : expected) {
    request.vectors = chosen;
    const ModelCases m = load_source(request);
    EXPECT_EQ(m.provided, (std::vector<std::string>{"T", "keys", "logits", "query", "values", "vectors"})) << chosen;
    for (const Case& c : m.cases) EXPECT_EQ(c.number("vectors"), x) << chosen << ", " << c.label;
  }
  request.vectors = "hidden";  // a file has no hidden states
  const ModelCases hidden = load_source(request);
  EXPECT_EQ(hidden.provided, (std::vector<std::string>{"T", "keys", "logits", "query", "values"}));
  std::filesystem::remove(path);
}

TEST(FileSource, QueriesAreVectorsOnlyWithOneQueryPerKey) {
  const auto path = write_temp("q3k2.json", R"({"queries": [[1], [2], [3]], "keys": [[1], [2]], "T": "1"})");
  SourceRequest request = file_request(path);
  request.vectors = "queries";
  EXPECT_EQ(load_source(request).provided, (std::vector<std::string>{"T", "keys", "logits", "query"}));
  std::filesystem::remove(path);
}

TEST(FileSource, RaggedRowsAndMissingTAreInputErrors) {
  const auto ragged = write_temp("ragged.json", R"({"queries": [[1, 2]], "keys": [[1], [2, 3]], "T": "1"})");
  EXPECT_THROW(load_source(file_request(ragged)), InputError);
  const auto no_t = write_temp("no_t.json", R"({"logits": [[1, 2]]})");
  EXPECT_THROW(load_source(file_request(no_t)), InputError);
  const auto broken = write_temp("broken.json", R"({"logits": [[1, 2]], "T": )");
  EXPECT_THROW(load_source(file_request(broken)), InputError);
  for (const auto& p : {ragged, no_t, broken}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace nb::sources
