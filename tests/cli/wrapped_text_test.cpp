#include "verify/cli/wrapped_text.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace nb::cli
