// Case files are parsed by simdjson, every other case document by nlohmann's parser, and both go
// through the same reader (verify/io/json_value.hpp): on valid and invalid cases alike, a case file
// reads to the case, or is refused with the message, that nlohmann's document gives.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/scratch_directory.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"

namespace nb {
namespace {

// The case, or the message of the InputError, of `read`.
template <class Read>
std::pair<Case, std::string> outcome_of(Read read) {
  try {
    return {read(), ""};
  } catch (const InputError& e) {
    return {Case{}, e.what()};
  }
}

// The case document `text` read from a case file (simdjson) and from nlohmann's document.
void expect_same_reading(const std::string& text) {
  test::ScratchDirectory dir;
  const std::string path = (dir.path() / "case.json").string();
  const std::string file = R"({"format": "normbound-case", "version": 1, "case": )" + text + "}";
  std::ofstream(path) << file;
  const auto [from_file, file_message] = outcome_of([&] { return read_case_file(path); });
  const auto [from_json, json_message] = outcome_of([&] { return case_from_json(parse_json(text, "x")); });
  EXPECT_EQ(from_file, from_json) << text;
  EXPECT_EQ(file_message, json_message.empty() ? "" : "case file '" + path + "': " + json_message) << text;
}

TEST(CaseFileParsers, ValidCasesReadTheSame) {
  for (const char* text : {
           R"({"theorem": "t", "label": "l", "numbers": {"x": "0.5", "v": {"shape": [2], "values": ["1", 2]}},
               "integers": {"N": 2, "M": -3, "Z": 0}, "options": {"normalizer": "softmax"}, "provenance": {"seed": "7"}})",
           R"({"numbers": {"b": "0x1.8p-2", "a": {"shape": [2, 2], "values": ["0.1", "-1/3", 9223372036854775807, -9]}},
               "theorem": "t"})",
           // duplicate keys: the last one counts, as nlohmann keeps it
           R"({"theorem": "t", "theorem": "u", "numbers": {"x": "1", "x": "2"}, "integers": {"N": 1, "N": 5}})",
           R"({"theorem": "t", "numbers": {"x": {"values": ["1e-400", "18446744073709551615"], "shape": [2]}}})",
           R"({"theorem": "t\u00e9\n", "numbers": {}, "provenance": {"z": "1", "a": "2", "m": ""}})"})
    expect_same_reading(text);
}

TEST(CaseFileParsers, InvalidCasesAreRefusedWithTheSameMessage) {
  for (const char* text : {
           R"([])", R"({"numbers": {}})", R"({"theorem": 3, "numbers": {}})", R"({"theorem": "t", "numbers": []})",
           R"({"theorem": "t", "label": null, "numbers": {}})", R"({"theorem": "t", "numbers": {"x": 0.5}})",
           R"({"theorem": "t", "numbers": {"x": ["1"]}})", R"({"theorem": "t", "numbers": {"x": {"shape": [-1], "values": []}}})",
           R"({"theorem": "t", "numbers": {"x": {"shape": [3], "values": ["1", "2"]}}})",
           R"({"theorem": "t", "numbers": {"x": {"shape": [2], "values": ["1", "nan"]}}})",
           R"({"theorem": "t", "numbers": {"x": {"shape": [2], "values": ["1", true]}}})",
           R"({"theorem": "t", "numbers": {"x": {"shape": [1, 2, 3], "values": []}}})",
           R"({"theorem": "t", "numbers": {}, "integers": {"N": 2.5}})",
           R"({"theorem": "t", "numbers": {}, "integers": {"N": 9223372036854775808}})",
           R"({"theorem": "t", "numbers": {}, "integers": {"N": "2"}})", R"({"theorem": "t", "numbers": {}, "options": 3})",
           R"({"theorem": "t", "numbers": {}, "options": {"o": 1}})", R"({"theorem": "t", "numbers": {}, "provenance": []})"})
    expect_same_reading(text);
}

TEST(CaseFileParsers, DeepNestingGoesToTheNestingLimit) {
  // 200 levels: beyond simdjson's limit here, within kMaxJsonDepth: nlohmann's document reads it.
  const auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  expect_same_reading(R"({"theorem": "t", "numbers": {}, "provenance": {"p": )" + nested(200) + "}}");
  test::ScratchDirectory dir;
  const std::string path = (dir.path() / "case.json").string();
  std::ofstream(path) << R"({"format": "normbound-case", "version": 1, "case": )" + nested(300) + "}";
  const auto [c, message] = outcome_of([&] { return read_case_file(path); });
  EXPECT_NE(message.find("nested deeper than " + std::to_string(kMaxJsonDepth)), std::string::npos) << message;
}

TEST(CaseFileParsers, InvalidJsonIsRefusedNamingThePosition) {
  test::ScratchDirectory dir;
  const std::string path = (dir.path() / "case.json").string();
  std::ofstream(path) << R"({"format": "normbound-case", "version": 1, "case": {"theorem": "t",]})";
  const auto [c, message] = outcome_of([&] { return read_case_file(path); });
  EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
  EXPECT_NE(message.find("column"), std::string::npos) << "nlohmann's message names the position: " << message;
}

}  // namespace
}  // namespace nb
