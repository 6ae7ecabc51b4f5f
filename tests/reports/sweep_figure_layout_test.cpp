// The layout of the reproduction's sweep figures: a long legend entry stays inside the figure.
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "reports/sweep_figure_pgfplots.hpp"
#include "reports/sweep_figure_svg.hpp"

namespace nb::reports {
namespace sweep_figure_layout_test {

SweepFigure figure_with_series(const std::string& name) {
  return SweepFigure{"fig", "a figure", "N", "N_s / N", true, false, {{name, {1, 2, 4}, {0.9, 0.8, 0.7}, true}}, {}, {}};
}

// The number captured by `pattern` in `svg`.
double attribute_of(const std::string& svg, const std::string& pattern) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(svg, m, std::regex(pattern))) << pattern;
  return m.empty() ? 0 : std::stod(m[1]);
}

TEST(SweepFigureLayout, TheSvgIsWideEnoughForItsLongestLegendEntry) {
  for (const std::string& name : {std::string("upper envelope (mean over heads)"), std::string(60, 'n')}) {
    const std::string svg = sweep_figure_svg(figure_with_series(name));
    const double width = attribute_of(svg, "<svg [^>]*width=\"([0-9.]+)\"");
    const double x = attribute_of(svg, "<text x=\"([0-9.]+)\"[^>]*>" + std::regex_replace(name, std::regex("[()]"), "\\$&") + "<");
    // 6 pixels a character is a sans-serif's average at 11 pixels.
    EXPECT_GE(width, x + 6.0 * static_cast<double>(name.size())) << name;
  }
}

TEST(SweepFigureLayout, ThePgfplotsLegendIsBelowTheAxisNotBesideIt) {
  const std::string tex = sweep_figure_pgfplots(figure_with_series("upper envelope (mean over heads)"));
  EXPECT_EQ(tex.find("outer north east"), std::string::npos);
  EXPECT_NE(tex.find("anchor=north}"), std::string::npos);
}

TEST(SweepFigureLayout, ThePgfplotsTicksAreTheSvgTicks) {
  const std::string tex = sweep_figure_pgfplots(figure_with_series("a series"));
  // N from 1 to 4 on a log axis: 1, 2 (not pgfplots' 10^{0.2}, 10^{0.4}, ...).
  EXPECT_NE(tex.find("xtick={1,2}, xticklabels={{$10^{0}$},{$2$}}"), std::string::npos) << tex;
}

}  // namespace sweep_figure_layout_test
}  // namespace nb::reports
