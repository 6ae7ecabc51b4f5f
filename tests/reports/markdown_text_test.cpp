#include "reports/markdown_text.hpp"

#include <gtest/gtest.h>

namespace nb::reports {
namespace {

TEST(MarkdownEscape, EscapesInlineMarkup) {
  EXPECT_EQ(markdown_escape("a*b_c [d](e) <f> |g| `h` ~i $j \\k"),
            "a\\*b\\_c \\[d\\](e) \\<f\\> \\|g\\| \\`h\\` \\~i \\$j \\\\k");
  EXPECT_EQ(markdown_escape("-1.5 and #3"), "-1.5 and #3");  // block markup only matters at a line start
  EXPECT_EQ(markdown_escape("two\nlines"), "two lines");
}

TEST(MarkdownText, PrintsControlCharactersAsTheirCode) {
  EXPECT_EQ(markdown_escape("a\x1b[31mb\tc"), "a\\<0x1B\\>\\[31mb c");
  EXPECT_EQ(markdown_escape("\xC2\x9B" "2J"), "\\<U+009B\\>2J");
  EXPECT_EQ(markdown_code("a\x1b" "b\x7f"), "`a<0x1B>b<0x7F>`");
}

TEST(MarkdownCode, PicksAFenceLongerThanAnyBacktickRun) {
  EXPECT_EQ(markdown_code("x"), "`x`");
  EXPECT_EQ(markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(markdown_code("`a"), "`` `a ``");
  EXPECT_EQ(markdown_code("||J||_2"), "`||J||_2`");
  EXPECT_EQ(markdown_code("||J||_2", true), "`\\|\\|J\\|\\|_2`");
}

TEST(MarkdownParagraph, KeepsALineFromOpeningABlock) {
  EXPECT_EQ(markdown_paragraph({plain("# not a heading")}), "\\# not a heading");
  EXPECT_EQ(markdown_paragraph({plain("1. not a list")}), "1\\. not a list");
  EXPECT_EQ(markdown_paragraph({plain("- not an item")}), "\\- not an item");
  EXPECT_EQ(markdown_paragraph({plain("plain "), code("code"), strong("bold")}), "plain `code`**bold**");
}

}  // namespace
}  // namespace nb::reports
