#include "verify/cli/wrapped_text.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace nb::cli {
namespace {

using Lines = std::vector<std::string>;

TEST(WrappedText, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrapped("arXiv 2508.17821, beside Corollary 3 (Popoviciu's variance inequality)", 20),
            (Lines{"arXiv 2508.17821,", "beside Corollary 3", "(Popoviciu's", "variance inequality)"}));
  EXPECT_EQ(wrapped("fits exactly", 12), (Lines{"fits exactly"}));
  EXPECT_EQ(wrapped("", 12), Lines{});
}

TEST(WrappedText, KeepsAWordWiderThanTheWidthWhole) {
  EXPECT_EQ(wrapped("id softmax-jacobian-spectral-sharp x", 10), (Lines{"id", "softmax-jacobian-spectral-sharp", "x"}));
}

TEST(WrappedText, CountsCodePointsNotBytes) {
  EXPECT_EQ(columns("\xE2\x89\xA4 1/L"), 5u);  // "≤ 1/L"
  EXPECT_EQ(wrapped("\xE2\x89\xA4\xE2\x89\xA4 \xE2\x89\xA4\xE2\x89\xA4", 5), (Lines{"\xE2\x89\xA4\xE2\x89\xA4 \xE2\x89\xA4\xE2\x89\xA4"}));
}

// One line of 600,000 words (`list` of a theorem file with thousands of claims, no terminal width):
// its columns are kept as it grows, where counting them again per word took minutes (O(n^2)). The
// ctest TIMEOUT of these tests (60 s) bounds it; linear, it takes milliseconds.
TEST(WrappedText, WrapsALongTextInLinearTime) {
  std::string text;
  for (int k = 0; k < 600'000; ++k) text += "x<=2 ";
  const Lines lines = wrapped(text, std::numeric_limits<std::size_t>::max());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].size(), text.size() - 1);
  EXPECT_EQ(wrapped(text, 9).size(), 300'000u);  // two words a line
}

TEST(WrappedText, HangingLinesKeepTheHeadAndIndentTheRest) {
  EXPECT_EQ(hanging_lines("  value   in [0.25, 0.5]", 80, 2, 4), "  value   in [0.25, 0.5]\n") << "fits: unchanged";
  EXPECT_EQ(hanging_lines("  claim   a very long claim text", 21, 10, 4), "  claim   a very long\n    claim text\n");
  EXPECT_EQ(wrapped("one two three", 20, 7), (Lines{"one two", "three"})) << "a narrower first line";
}

TEST(WrappedText, AFirstWordTooWideForTheRestOfTheLineStartsTheNext) {
  EXPECT_EQ(hanging_lines("  saved   out/cases/a-long-case.json", 30, 10, 4), "  saved\n    out/cases/a-long-case.json\n");
  EXPECT_EQ(hanging_lines("  saved   out/cases/a-much-longer-case-name.json", 30, 10, 4),
            "  saved\n    out/cases/a-much-longer-case-name.json\n")
      << "wider than any line: whole, on a line of its own";
}

TEST(WrappedText, ShellLinesContinueACommandWithBackslashes) {
  EXPECT_EQ(shell_lines("  replay  ", "normbound check x --case c.json", 80, 4),
            "  replay  normbound check x --case c.json\n") << "fits: unchanged";
  EXPECT_EQ(shell_lines("  replay  ", "(cd out && normbound check some-id --case cases/c.json)", 32, 4),
            "  replay  (cd out && normbound \\\n    check some-id --case \\\n    cases/c.json)\n");
}

TEST(WrappedText, FittedLinesIndentContinuationsUnderTheLine) {
  EXPECT_EQ(fitted_lines("id: 3 TIGHT (equal within resolution)\n  case 4 (label): TIGHT\n\n", 20),
            "id: 3 TIGHT (equal\n  within resolution)\n  case 4 (label):\n    TIGHT\n\n");
  EXPECT_EQ(fitted_lines("  slack   in [-0.25, -0.25]  (certainly < 0)", 32),
            "  slack   in [-0.25, -0.25]\n    (certainly < 0)\n") << "the aligned label kept";
}

}  // namespace
}  // namespace nb::cli
