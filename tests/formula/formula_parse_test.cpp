// Parsing formulas: the tree follows the grammar's precedence, and every error names the column
// and shows a caret under it.
#include "verify/formula/formula.hpp"

#include <gtest/gtest.h>

namespace nb::formula {
namespace {

// The tree written back with every operation parenthesized, to compare shapes.
std::string shape(const Node& n) {
  static const char* ops[] = {"", "", "-", "+", "-", "*", "/", "^", "[]", ""};
  switch (n.kind) {
    case Node::Kind::Number:
    case Node::Kind::Name: return n.text;
    case Node::Kind::Negate: return "(-" + shape(n.args[0]) + ")";
    case Node::Kind::Index: return shape(n.args[0]) + "[" + shape(n.args[1]) + "]";
    case Node::Kind::Call: {
      std::string s = n.text + "(";
      for (std::size_t i = 0; i < n.args.size(); ++i) s += (i ? "," : "") + shape(n.args[i]);
      return s + ")";
    }
    default: return "(" + shape(n.args[0]) + ops[static_cast<int>(n.kind)] + shape(n.args[1]) + ")";
  }
}

std::string parsed(const std::string& text) { return shape(parse_formula(text).root); }

TEST(ParseFormula, FollowsPrecedenceAndAssociativity) {
  EXPECT_EQ(parsed("1 + 2 * 3"), "(1+(2*3))");
  EXPECT_EQ(parsed("1 - 2 - 3"), "((1-2)-3)");
  EXPECT_EQ(parsed("a / b / c"), "((a/b)/c)");
  EXPECT_EQ(parsed("-x^2"), "(-(x^2))");
  EXPECT_EQ(parsed("2^-1"), "(2^(-1))");
  EXPECT_EQ(parsed("a^b^c"), "(a^(b^c))");
  EXPECT_EQ(parsed("-sum(i, a[i] * log(a[i]))"), "(-sum(i,(a[i]*log(a[i]))))");
  EXPECT_EQ(parsed("softmax(l / T)[i]"), "softmax((l/T))[i]");
  EXPECT_EQ(parsed("1.5e-3*x_2"), "(1.5e-3*x_2)");
}

// The message of the FormulaError that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    parse_formula(text);
  } catch (const FormulaError& e) {
    return e.what();
  }
  return "";
}

TEST(ParseFormula, ErrorsNameTheColumnWithACaret) {
  EXPECT_EQ(error_of("x + "), "expected a number, a name or '(' at the end of the formula (column 5)\n  x + \n      ^");
  EXPECT_EQ(error_of("exp(1"), "expected ')' to close the arguments of exp (column 6)\n  exp(1\n       ^");
  EXPECT_EQ(error_of("3 $ 4"), "unexpected '$' (column 3)\n  3 $ 4\n    ^");
  EXPECT_EQ(error_of("(a + b"), "expected ')' to close the parenthesis (column 7)\n  (a + b\n        ^");
  EXPECT_NE(error_of("2 * 1e99999").find("(column 5)"), std::string::npos) << "an exponent beyond the literal limit";
  EXPECT_NE(error_of(std::string(100000, '(') + "1" + std::string(100000, ')')).find("nests more than 500 levels"),
            std::string::npos)
      << "deep nesting is an error, not a stack overflow";
  EXPECT_NE(error_of(std::string(100000, '-') + "1").find("nests more than 500 levels"), std::string::npos);
  std::string chain = "1";
  for (int i = 0; i < 100000; ++i) chain += "+1";
  EXPECT_NE(error_of(chain).find("nests more than 500 levels"), std::string::npos) << "a long chain is a deep tree";
  std::string indices = "a";
  for (int i = 0; i < 100000; ++i) indices += "[i]";
  EXPECT_NE(error_of(indices).find("nests more than 500 levels"), std::string::npos);
  EXPECT_EQ(error_of(std::string(400, '(') + "1" + std::string(400, ')')), "");
  EXPECT_EQ(error_of("a[i"), "expected ']' to close the index (column 4)\n  a[i\n     ^");
}

}  // namespace
}  // namespace nb::formula
