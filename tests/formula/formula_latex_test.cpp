// The LaTeX of formulas: the notation a reader of the paper expects, parentheses only where needed.
#include "verify/formula/formula_latex.hpp"

#include <gtest/gtest.h>

namespace nb::formula {
namespace {

std::string tex(const std::string& text) { return latex(parse_formula(text)); }

TEST(FormulaLatex, WritesThePapersNotation) {
  EXPECT_EQ(tex("-sum(i, a[i] * log(a[i]))"), "-\\sum_{i} a_{i} \\, \\log\\left(a_{i}\\right)");
  EXPECT_EQ(tex("log(L) - 1/10"), "\\log\\left(L\\right) - \\frac{1}{10}");
  EXPECT_EQ(tex("exp(-2 * Delta / T) / L"), "\\frac{\\exp\\left(\\frac{-2 \\, \\Delta}{T}\\right)}{L}");
  EXPECT_EQ(tex("(a + b) * c - (d - e)"), "\\left(a + b\\right) \\, c - \\left(d - e\\right)");
  EXPECT_EQ(tex("norm(u - v)^2"), "{\\left\\lVert u - v\\right\\rVert}^{2}");
  EXPECT_EQ(tex("a[i] * (delta(i, j) - a[j])"), "a_{i} \\, \\left(\\delta_{ij} - a_{j}\\right)");
  EXPECT_EQ(tex("x_min + top_n"), "\\mathrm{x\\_min} + \\mathrm{top\\_n}");
  EXPECT_EQ(tex("(x + 1)^2 + sqrt(alpha)"), "{\\left(x + 1\\right)}^{2} + \\sqrt{\\alpha}");
  EXPECT_EQ(tex("max(i, a[i]) * top_n(l, T)"), "\\max_{i} a_{i} \\, \\operatorname{top\\_n}\\left(l, T\\right)");
}

TEST(FormulaLatex, WritesMatricesAndTheirNorms) {
  EXPECT_EQ(tex("spectral_norm(softmax_jacobian(l, T))"),
            "\\left\\lVert J_{\\mathrm{softmax}}\\left(l, T\\right)\\right\\rVert_2");
  EXPECT_EQ(tex("frobenius_norm(K) + K[i][j] * K[i][j]"),
            "\\left\\lVert K\\right\\rVert_F + K_{i, j} \\, K_{i, j}");
  EXPECT_EQ(tex("norm(K[i])"), "\\left\\lVert K_{i}\\right\\rVert");
}

}  // namespace
}  // namespace nb::formula
