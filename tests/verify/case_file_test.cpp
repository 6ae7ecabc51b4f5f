// Reading a case file: a header field of another JSON type is bad input (json::value threw a
// type_error that ended the program), and an error inside the case names the file (with several
// --case files the message was ambiguous).
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/scratch_directory.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace {

// The InputError message of reading a case file with this text ("" if it reads).
std::string case_file_refusal(const std::string& text) {
  test::ScratchDirectory dir;
  const std::string path = (dir.path() / "case.json").string();
  std::ofstream(path) << text;
  try {
    read_case_file(path);
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << "the message names the file: " << message;
    return message;
  }
  return "";
}

const std::string kCase = R"({"theorem": "t", "numbers": {"x": "0.5"}})";

TEST(CaseFile, HeaderFieldsOfAnotherTypeAreBadInput) {
  for (const char* format : {"3", "null", "[]", "{}", "true"})
    EXPECT_NE(case_file_refusal(std::string(R"({"format": )") + format + R"(, "version": 1, "case": )" + kCase + "}")
                  .find("not a normbound case"),
              std::string::npos)
        << format;
  for (const char* version : {"\"1\"", "null", "[1]", "2", "true"})
    EXPECT_NE(case_file_refusal(std::string(R"({"format": "normbound-case", "version": )") + version + R"(, "case": )" + kCase +
                      "}")
                  .find("unsupported version"),
              std::string::npos)
        << version;
}

TEST(CaseFile, ErrorsInsideTheCaseNameTheFile) {
  const std::string header = R"({"format": "normbound-case", "version": 1, "case": )";
  EXPECT_NE(case_file_refusal(header + R"({"theorem": "t", "numbers": {"x": "0x1p0f"}}})").find("case input 'x'"),
            std::string::npos);
  EXPECT_NE(case_file_refusal(header + R"({"theorem": 3, "numbers": {}}})").find("'theorem'"), std::string::npos);
  EXPECT_EQ(case_file_refusal(header + kCase + "}"), "") << "the valid case these tests break reads";
}

}  // namespace
}  // namespace nb
