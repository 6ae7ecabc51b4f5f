// One parse for every JSON input, with a nesting limit: deep documents are refused before any
// recursive dump() or copy can overflow the stack.
#include "verify/io/json_document.hpp"

#include <gtest/gtest.h>


#include "verify/io/errors.hpp"

namespace nb {
namespace {

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string json_refusal(const std::string& text) {
  try {
    parse_json(text, "in.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ParseJson, AcceptsNestingUpToTheLimit) {
  EXPECT_EQ(parse_json(nested(kMaxJsonDepth), "in.json").dump().size(), 2 * kMaxJsonDepth);
  EXPECT_EQ(parse_json(R"({"a": [{"b": [1]}]})", "in.json")["a"][0]["b"][0], 1);
}

TEST(ParseJson, RefusesDeeperNestingNamingTheSourceTheLimitAndTheByte) {
  EXPECT_EQ(json_refusal(nested(kMaxJsonDepth + 1)),
            "in.json: JSON nested deeper than 256 levels at byte 256 (the limit on JSON nesting of every input)");
  // Far deeper documents (once a stack overflow in dump()) and unbalanced ones the same way.
  EXPECT_NE(json_refusal(nested(1'000'000)).find("deeper than 256 levels"), std::string::npos);
  EXPECT_NE(json_refusal(std::string(100'000, '{')).find("deeper than 256 levels"), std::string::npos);
}

TEST(ParseJson, CountsNoBracketsInsideStrings) {
  const std::string brackets(1000, '[');
  EXPECT_EQ(parse_json("[\"" + brackets + "\"]", "in.json")[0], brackets);
  // An escaped quote does not end the string, so the brackets after it are still inside it.
  EXPECT_EQ(parse_json("[\"\\\"" + brackets + "\"]", "in.json")[0], "\"" + brackets);
  EXPECT_EQ(parse_json("[\"\\\\\", " + nested(kMaxJsonDepth - 1) + "]", "in.json")[0], "\\");
  EXPECT_NE(json_refusal("[\"\\\\\", " + nested(kMaxJsonDepth) + "]").find("deeper"), std::string::npos);
}

TEST(ParseJson, NamesTheSourceOfInvalidJson) {
  EXPECT_NE(json_refusal("{\"a\": [1, 2").find("in.json: not valid JSON ("), std::string::npos);
  EXPECT_NE(json_refusal("{\"a\": \"\xff\"}").find("in.json: not valid JSON ("), std::string::npos);
  EXPECT_NE(json_refusal("{\"a\": 1e999}").find("in.json: not valid JSON ("), std::string::npos);
}

TEST(ParseJson, PassesTheCallback) {
  int keys = 0;
  parse_json(R"({"a": {"b": 1}})", "in.json", [&](int, nlohmann::json::parse_event_t event, nlohmann::json&) {
    keys += event == nlohmann::json::parse_event_t::key;
    return true;
  });
  EXPECT_EQ(keys, 2);
  EXPECT_THROW(parse_json("[1]", "in.json", [](int, nlohmann::json::parse_event_t, nlohmann::json&) -> bool {
                 throw InputError("refused by the callback");
               }),
               InputError);
}

}  // namespace
}  // namespace nb
