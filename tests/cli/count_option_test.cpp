#include "verify/cli/count_option.hpp"

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

constexpr std::uint64_t kAll = ~std::uint64_t{0};

std::string refusal(const std::string& text, std::uint64_t min = 0, std::uint64_t max = kAll) {
  try {
    count_from(text, "--seed", min, max, "a hint");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(CountFrom, ReadsDecimalIntegersInRange) {
  EXPECT_EQ(count_from("0", "--seed", 0, kAll), 0u);
  EXPECT_EQ(count_from("18446744073709551615", "--seed", 0, kAll), kAll);
  EXPECT_EQ(count_from("007", "--top", 0, 10), 7u);
  EXPECT_EQ(count_from("1000000", "--cases", 1, 1000000), 1000000u);
}

TEST(CountFrom, RefusesWhatCli11WouldWrapOrSaturate) {
  EXPECT_EQ(refusal("-1"), "--seed must be an integer from 0 to 18446744073709551615 (got '-1'); a hint");
  EXPECT_NE(refusal("18446744073709551616"), "accepted");
  for (const char* text : {"", "+1", " 1", "1 ", "1e3", "0x10", "1.0", "one"}) EXPECT_NE(refusal(text), "accepted") << text;
}

TEST(CountFrom, RefusesValuesOutsideTheRange) {
  EXPECT_EQ(refusal("0", 1, 1000000), "--seed must be an integer from 1 to 1000000 (got '0'); a hint");
  EXPECT_NE(refusal("1000001", 1, 1000000), "accepted");
}

}  // namespace
}  // namespace nb::cli
