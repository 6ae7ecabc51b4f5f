#include "verify/cli/output_width.hpp"

#include <gtest/gtest.h>

namespace nb::cli {
namespace {

TEST(OutputWidth, ColumnsFirstThenTheTerminalsWidthThen80) {
  EXPECT_EQ(output_width(true, 132, "100"), 100u);
  EXPECT_EQ(output_width(false, 0, "100"), 100u);
  EXPECT_EQ(output_width(true, 132, nullptr), 132u);
  EXPECT_EQ(output_width(true, 0, nullptr), 80u);
  for (const char* ignored : {"", "0", "-5", "80x", "wide"}) EXPECT_EQ(output_width(true, 0, ignored), 80u) << ignored;
}

TEST(OutputWidth, NoWrappingOffATerminalWithoutColumns) {
  EXPECT_EQ(output_width(false, 0, nullptr), std::nullopt);
  EXPECT_EQ(output_width(false, 0, ""), std::nullopt);
}

}  // namespace
}  // namespace nb::cli
