#include "verify/cli/terminal_text.hpp"

#include <gtest/gtest.h>

namespace nb::cli {
namespace {

TEST(TerminalSafe, EscapesEveryControlCharacterButNewlineAndTab) {
  EXPECT_EQ(terminal_safe("\x1b[31mred\x1b[0m"), "\\x1b[31mred\\x1b[0m");
  EXPECT_EQ(terminal_safe("a\rb\bc\x07\x7f"), "a\\x0db\\x08c\\x07\\x7f");
  EXPECT_EQ(terminal_safe(std::string("nul\0end", 7)), "nul\\x00end");
  EXPECT_EQ(terminal_safe("line\n\tindented"), "line\n\tindented");
}

TEST(TerminalSafe, EscapesC1ControlsAndKeepsOtherUtf8) {
  EXPECT_EQ(terminal_safe("\xc2\x9b" "2J"), "\\u009b2J");  // CSI, U+009B
  EXPECT_EQ(terminal_safe("\xc2\x85"), "\\u0085");         // NEL
  EXPECT_EQ(terminal_safe("caf\xc3\xa9 \xe2\x80\x94 \xc2\xa0"), "caf\xc3\xa9 \xe2\x80\x94 \xc2\xa0");
  EXPECT_EQ(terminal_safe("\xc2"), "\xc2");  // a cut sequence is not a control character
}

}  // namespace
}  // namespace nb::cli
