#include "verify/cli/terminal_colour.hpp"

#include <gtest/gtest.h>

namespace nb::cli {
namespace {

TEST(TerminalColour, OnATerminalOnlyAndNeverWithNoColor) {
  EXPECT_TRUE(colour_wanted(true, nullptr, "xterm-256color"));
  EXPECT_TRUE(colour_wanted(true, "", nullptr)) << "NO_COLOR empty counts as unset";
  EXPECT_FALSE(colour_wanted(false, nullptr, "xterm")) << "a file or a pipe";
  EXPECT_FALSE(colour_wanted(true, "1", "xterm"));
  EXPECT_FALSE(colour_wanted(true, nullptr, "dumb"));
}

TEST(TerminalColour, ColoursWholeVerdictWords) {
  EXPECT_EQ(coloured_verdicts("2 VIOLATED, 3 PROVEN"), "2 \x1b[31mVIOLATED\x1b[0m, 3 \x1b[32mPROVEN\x1b[0m");
  EXPECT_EQ(coloured_verdicts("NEAR-TIGHT"), "\x1b[33mNEAR-TIGHT\x1b[0m") << "not TIGHT within it";
  EXPECT_EQ(coloured_verdicts("UNPROVEN PROVENANCE x-EQUAL"), "UNPROVEN PROVENANCE x-EQUAL");
  EXPECT_EQ(coloured_verdicts("1 UNEXPECTED (id)"), "1 \x1b[1;31mUNEXPECTED\x1b[0m (id)");
}

}  // namespace
}  // namespace nb::cli
