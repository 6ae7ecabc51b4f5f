#include "reports/latex_escape.hpp"

#include <gtest/gtest.h>

namespace nb::reports {
namespace {

TEST(LatexEscape, EscapesEverySpecialCharacter) {
  EXPECT_EQ(latex_escape("a_b & c%d $e #f {g} ~h ^i \\j <k> |l"),
            "a\\_b \\& c\\%d \\$e \\#f \\{g\\} \\textasciitilde{}h \\textasciicircum{}i \\textbackslash{}j "
            "\\textless{}k\\textgreater{} \\textbar{}l");
  EXPECT_EQ(latex_escape("--x"), "-{}-{}x");
  EXPECT_EQ(latex_escape("line\nbreak"), "line break");
}

TEST(LatexEscape, ReplacesNonAsciiByItsCodePoint) {
  EXPECT_EQ(latex_escape("\xC4\xA0" "end"), "\\textless{}U+0120\\textgreater{}end");  // GPT-2's "Ġ"
  EXPECT_EQ(latex_escape("\xE2\x80\x96"), "$\\|$");  // the symbols report text uses typeset as math
  EXPECT_EQ(latex_escape("\xE2\x89\x88 0.25"), "$\\approx$ 0.25");
  EXPECT_EQ(latex_escape("\xE2\x88\x9E"), "\\textless{}U+221E\\textgreater{}");
  EXPECT_EQ(latex_escape("\xFF"), "\\textless{}0xFF\\textgreater{}");  // not UTF-8
}

TEST(LatexEscape, PrintsControlCharactersAsTheirCode) {
  // ESC reaches no file raw: it would drive the terminal that shows report.tex.
  EXPECT_EQ(latex_escape("a\x1b[31mb"), "a\\textless{}0x1B\\textgreater{}[31mb");
  EXPECT_EQ(latex_escape(std::string("a\0b", 3)), "a\\textless{}0x00\\textgreater{}b");
  EXPECT_EQ(latex_escape("a\x7f\tb"), "a\\textless{}0x7F\\textgreater{} b");
  EXPECT_EQ(latex_escape("\xC2\x9B"), "\\textless{}U+009B\\textgreater{}");  // CSI
  EXPECT_EQ(latex_code("\x1b"), "\\texttt{{\\char60}0x1B{\\char62}\\allowbreak{}}");
}

TEST(LatexCode, UsesTypewriterGlyphsAndBreakPoints) {
  EXPECT_EQ(latex_code("a_b|c"), "\\texttt{a{\\char95}b{\\char124}c}");
  EXPECT_EQ(latex_code("dir/kebab-case"), "\\texttt{dir/\\allowbreak{}kebab-{}\\allowbreak{}case}");
  // No break after the dash of an option, a sign or an exponent.
  EXPECT_EQ(latex_code("--x -1 2e-3"), "\\texttt{-{}-{}x -{}1 2e-{}3}");
}

TEST(LatexRich, MarksUpEachStyle) {
  EXPECT_EQ(latex_rich({plain("a&b "), code("c_d"), strong(" e#")}), "a\\&b \\texttt{c{\\char95}d}\\textbf{ e\\#}");
}

}  // namespace
}  // namespace nb::reports
