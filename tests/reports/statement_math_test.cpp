#include "reports/statement_math.hpp"

#include <gtest/gtest.h>

namespace nb::reports {
namespace {

TEST(StatementMath, KeepsMathAsWritten) {
  for (const char* math : {R"(\left\|\nabla_\ell \alpha\right\|_2 \le \frac{1}{2T}\quad\text{and}\quad x)",
                           R"(\lVert J \rVert_2 \le \min\{\tfrac{1}{4T}, \sqrt{2}\}, \, \forall i)",
                           R"(-\sum_{i} a_i \log a_i \le \log L)", R"(\mathbb{E}[x] \ge \operatorname{tr}(A^\top A))"})
    EXPECT_EQ(statement_math(math), math);
}

TEST(StatementMath, ShowsOtherCommandsByName) {
  EXPECT_EQ(statement_math(R"(x \input{/etc/passwd})"), R"(x \backslash\mathtt{input}{/etc/passwd})");
  EXPECT_EQ(statement_math(R"(\immediate\write18{rm -rf ~})"),
            R"(\backslash\mathtt{immediate}\backslash\mathtt{write}18{rm -rf ~})");
  EXPECT_EQ(statement_math(R"(\catcode`\^^5c=12)"), R"(\backslash\mathtt{catcode}`\backslash{}^{\wedge}5c=12)");
  EXPECT_EQ(statement_math(R"(\def\x{y}\begin{verbatim})"),
            R"(\backslash\mathtt{def}\backslash\mathtt{x}{y}\backslash\mathtt{begin}{verbatim})");
}

TEST(StatementMath, EscapesWhatLeavesMathOrTheArgument) {
  EXPECT_EQ(statement_math("a % comment"), R"(a \% comment)");
  EXPECT_EQ(statement_math("$x$ & #1"), R"(\$x\$ \& \#1)");
  EXPECT_EQ(statement_math("x^^5cinput"), R"(x^{\wedge}5cinput)");  // TeX's ^^5c is a backslash
  EXPECT_EQ(statement_math("}\\input{x}{"), R"(\}\backslash\mathtt{input}{x}{})");
  EXPECT_EQ(statement_math("{{x"), "{{x}}");
  EXPECT_EQ(statement_math("x\\"), R"(x\backslash{})");
}

TEST(StatementMath, LeavesOutControlCharacters) {
  EXPECT_EQ(statement_math("a\x1b[31mb\n\tc\x7f"), "a[31mb  c");
  EXPECT_EQ(statement_math("a\xC2\x9B" "2Jb"), "a2Jb");
  EXPECT_EQ(statement_math("\xE2\x89\xA4"), "\xE2\x89\xA4");  // other UTF-8 stays
}

}  // namespace
}  // namespace nb::reports
