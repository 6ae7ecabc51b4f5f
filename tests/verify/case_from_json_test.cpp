// Reading a case from JSON: every field of the wrong JSON type is an InputError naming the field,
// never a silently empty or converted input.
#include <gtest/gtest.h>

#include <string>

#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace {

using nlohmann::json;

json valid_case() {
  return json::parse(R"({"theorem": "t", "label": "l", "numbers": {"x": "0.5", "v": {"shape": [2], "values": ["1", "2"]}},
                         "integers": {"N": 2}, "options": {"normalizer": "softmax"}, "provenance": {"seed": "7"}})");
}

// Expects valid_case() with `field` set to `value` to be rejected naming `named`.
void expect_rejected(const std::string& field, const json& value, const std::string& named) {
  json j = valid_case();
  j[field] = value;
  try {
    case_from_json(j);
    ADD_FAILURE() << "accepted \"" << field << "\": " << value.dump();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos)
        << "\"" << field << "\": " << value.dump() << " gave: " << e.what();
  }
}

// Expects valid_case() without `field` to be rejected naming it.
void expect_required(const std::string& field) {
  json j = valid_case();
  j.erase(field);
  try {
    case_from_json(j);
    ADD_FAILURE() << "accepted a case without '" << field << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + field + "'"), std::string::npos) << e.what();
  }
}

TEST(CaseFromJson, ReadsTheValidCaseTheseTestsBreak) {
  const Case c = case_from_json(valid_case());
  EXPECT_EQ(c.theorem, "t");
  EXPECT_EQ(c.number("v").size(), 2u);
  EXPECT_EQ(c.integer("N"), 2);
  EXPECT_EQ(c.option("normalizer"), "softmax");
  EXPECT_EQ(c.provenance.at("seed"), "7");
  for (const char* optional : {"label", "integers", "options", "provenance"}) {
    json j = valid_case();
    j.erase(optional);
    EXPECT_NO_THROW(case_from_json(j)) << "without '" << optional << "'";
  }
}

TEST(CaseFromJson, RejectsACaseThatIsNotAnObject) {
  EXPECT_THROW(case_from_json(json::array()), InputError);
  EXPECT_THROW(case_from_json(json("t")), InputError);
}

TEST(CaseFromJson, RejectsAMissingOrNonStringTheorem) {
  expect_required("theorem");
  expect_rejected("theorem", 3, "'theorem'");
  expect_rejected("theorem", json::array({"t"}), "'theorem'");
}

TEST(CaseFromJson, RejectsANonStringLabel) {
  expect_rejected("label", 3, "'label'");
  expect_rejected("label", nullptr, "'label'");
}

TEST(CaseFromJson, RejectsMissingOrNonObjectNumbers) {
  expect_required("numbers");
  expect_rejected("numbers", 3, "'numbers'");
  expect_rejected("numbers", "0.5", "'numbers'");
  expect_rejected("numbers", json::array({"0.5"}), "'numbers'");
  expect_rejected("numbers", nullptr, "'numbers'");
}

TEST(CaseFromJson, RejectsANumberThatIsNeitherTextNorATensor) {
  expect_rejected("numbers", {{"x", true}}, "case input 'x'");
  expect_rejected("numbers", {{"x", nullptr}}, "case input 'x'");
  expect_rejected("numbers", {{"x", 0.5}}, "case input 'x'");
  expect_rejected("numbers", {{"x", json::object()}}, "case input 'x'");
  expect_rejected("numbers", {{"x", {{"values", json::array({"1"})}}}}, "case input 'x'");
}

TEST(CaseFromJson, RejectsABareArrayAsATensorWithoutItsShape) {
  expect_rejected("numbers", {{"x", json::array({1, 2})}}, "'shape'");
}

TEST(CaseFromJson, RejectsNonObjectIntegers) {
  expect_rejected("integers", 3, "'integers'");
  expect_rejected("integers", json::array({2}), "'integers'");
  expect_rejected("integers", nullptr, "'integers'");
}

TEST(CaseFromJson, RejectsAnIntegerThatIsNotA64BitInteger) {
  expect_rejected("integers", {{"N", "2"}}, "integer 'N'");
  expect_rejected("integers", {{"N", 2.5}}, "integer 'N'");
  expect_rejected("integers", {{"N", 9223372036854775808ULL}}, "integer 'N'");
  expect_rejected("integers", {{"N", true}}, "integer 'N'");
}

TEST(CaseFromJson, RejectsNonObjectOptions) {
  expect_rejected("options", 3, "'options'");
  expect_rejected("options", "softmax", "'options'");
}

TEST(CaseFromJson, RejectsANonStringOption) {
  expect_rejected("options", {{"normalizer", 1}}, "option 'normalizer'");
}

TEST(CaseFromJson, RejectsNonObjectProvenance) {
  expect_rejected("provenance", 3, "'provenance'");
  expect_rejected("provenance", json::array(), "'provenance'");
}

TEST(CaseFromJson, RejectsANonStringProvenanceEntry) {
  expect_rejected("provenance", {{"seed", 7}}, "provenance 'seed'");
}

}  // namespace
}  // namespace nb
