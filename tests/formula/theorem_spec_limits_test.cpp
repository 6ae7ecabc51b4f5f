// The limits a theorem file's text must keep before it is parsed (nesting, size) and after (the
// cost of its formulas): what each refuses, located, and that normbound's own files and every TOML
// construct they use stay within them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "verify/formula/formula_cost.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/formula/theorem_spec_nesting.hpp"
#include "verify/io/errors.hpp"

namespace nb::formula {
namespace {

std::string repeated(const std::string& piece, std::size_t count) {
  std::string text;
  for (std::size_t k = 0; k < count; ++k) text += piece;
  return text;
}

// The message check_theorem_file_nesting gives `text`, or "" when it accepts it.
std::string nesting_error(const std::string& text) {
  try {
    check_theorem_file_nesting(text, "t.toml");
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

TEST(TheoremFileNesting, RefusesEachWayOfNestingPastTheLimitWithItsPlace) {
  const std::string deep = "nested deeper than 64 levels";
  const std::string keys = "a" + repeated(".a", 64);  // 65 keys
  EXPECT_NE(nesting_error("id = 1\n[" + keys + "]\n").find("t.toml:2:"), std::string::npos);
  EXPECT_NE(nesting_error("[[" + keys + "]]\n").find(deep), std::string::npos);
  EXPECT_NE(nesting_error("[x]\n" + keys + " = 1\n").find("t.toml:2:"), std::string::npos);
  EXPECT_NE(nesting_error("x = " + repeated("[", 65) + repeated("]", 65)).find(deep), std::string::npos);
  EXPECT_NE(nesting_error("x = " + repeated("{a = ", 65) + "1" + repeated("}", 65)).find(deep), std::string::npos);
  // The levels add up: 32 keys of a header, 32 of a dotted key and a 1-level array make 65.
  const std::string half = "a" + repeated(".a", 31);
  EXPECT_NE(nesting_error("[" + half + "]\n" + half + " = [1]\n").find(deep), std::string::npos);
  EXPECT_NE(nesting_error("x = [{" + half + " = {" + half + " = 1}}]\n").find(deep), std::string::npos);
  EXPECT_EQ(nesting_error("[" + half + "]\n" + half + " = 1\n"), "");
}

TEST(TheoremFileNesting, CountsNoBracketOrDotInsideStringsOrComments) {
  const std::string brackets = repeated("[{.", 100);
  EXPECT_EQ(nesting_error("a = \"" + brackets + "\"\nb = '" + brackets + "'\n# " + brackets + "\n"), "");
  EXPECT_EQ(nesting_error("a = \"\"\"\n" + brackets + "\n\\\"\"\"\"\nb = '''" + brackets + "'''\n"), "");
  EXPECT_EQ(nesting_error("\"" + brackets + "\" = 1\n['" + brackets + "']\n"), "");
  EXPECT_EQ(nesting_error("a = \"\\\"" + brackets + "\"\n"), "");
  EXPECT_EQ(nesting_error("range = [0.01, 1.5e3, 2.25]\n" + repeated("v = [0.5, 0.25]\n", 200)), "");
  // A string's line breaks are counted: the place after it is right.
  EXPECT_NE(nesting_error("a = \"\"\"\n\n\"\"\"\nx = " + repeated("[", 65)).find("t.toml:4:"), std::string::npos);
}

TEST(TheoremFileNesting, RefusesAFileAboveTheSizeLimit) {
  EXPECT_NE(nesting_error(std::string(kMaxTheoremFileBytes + 1, '#')).find("a theorem file holds at most 1048576"),
            std::string::npos);
  EXPECT_EQ(nesting_error(std::string(kMaxTheoremFileBytes, '#')), "");
}

// Every theorem file of normbound's own: within every limit, and parsed as before.
TEST(TheoremFileLimits, HoldForEveryFileOfTheTheoremFolder) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(NORMBOUND_THEOREM_SPECS)) {
    if (entry.path().extension() != ".toml") continue;  // the C++ theorems still to migrate share the folder
    std::stringstream text;
    text << std::ifstream(entry.path()).rdbuf();
    EXPECT_EQ(nesting_error(text.str()), "") << entry.path();
    const TheoremSpec spec = read_theorem_spec(text.str(), entry.path().string());
    EXPECT_LE(check_formula_costs(spec), kMaxFormulaCost) << entry.path();
    ++files;
  }
  EXPECT_GE(files, 5u);
}

std::string theorem(const std::string& inputs, const std::string& value) {
  return "id = \"t\"\ntitle = \"t\"\nsource = \"s\"\nfidelity = \"extension\"\nexpect = \"holds\"\n[inputs]\n" +
         inputs + "[[claim]]\nvalue = \"" + value + "\"\nrelation = \"<=\"\nbound = \"1\"\n";
}

// The message reading `value` over the inputs gives, or "" when it reads.
std::string cost_error(const std::string& inputs, const std::string& value) {
  try {
    read_theorem_spec(theorem(inputs, value), "t.toml");
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

TEST(FormulaCost, RefusesNestedSumsAtTheLargestLengthsAtTheOuterSum) {
  const std::string big = "x = { kind = \"vector\", length = \"L\", range = [-1, 1] }\nL = { kind = \"length\", range = [1, 1048576] }\n";
  const std::string error = cost_error(big, "2 * sum(i, sum(j, x[i] * x[j]))");
  EXPECT_NE(error.find("t.toml:10:9: evaluating this costs about"), std::string::npos) << error;
  EXPECT_NE(error.find("(column 5)"), std::string::npos) << error;  // the outer sum
  EXPECT_EQ(cost_error(big, "sum(i, x[i] * x[i]) + max(i, abs(x[i]))"), "");
  const std::string small = "x = { kind = \"vector\", length = \"L\", range = [-1, 1] }\nL = { kind = \"length\", range = [1, 1024] }\n";
  EXPECT_EQ(cost_error(small, "sum(i, sum(j, x[i] * x[j]))"), "");
  // A matrix's columns: K[r][j] runs j over them.
  const std::string matrix = "K = { kind = \"matrix\", rows = 4, cols = \"L\", range = [-1, 1] }\nL = { kind = \"length\", range = [1, 1048576] }\n";
  EXPECT_NE(cost_error(matrix, "sum(r, sum(j, sum(k, K[r][j] * K[r][k])))").find("evaluating this costs"), std::string::npos);
  EXPECT_EQ(cost_error(matrix, "sum(r, sum(j, K[r][j]))"), "");
}

TEST(FormulaCost, RefusesPowersAndExponentialsOfHugeConstants) {
  const std::string x = "x = { kind = \"scalar\", range = [\"1/2\", 2] }\n";
  for (const char* value : {"x^(10^8)", "x^100000000", "x^-(2^31)", "exp(3e9)", "exp(3 * 10^9) * x"})
    EXPECT_NE(cost_error(x, value).find("evaluating this costs"), std::string::npos) << value;
  for (const char* value : {"x^1000", "x^(2^10)", "exp(700) * x", "x^x", "2^-1074 * x"})
    EXPECT_EQ(cost_error(x, value), "") << value;
}

}  // namespace
}  // namespace nb::formula
