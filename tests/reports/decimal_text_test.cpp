#include "reports/decimal_text.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"

namespace nb::reports {
namespace {

TEST(RoundDecimal, RoundsTowardMinusAndPlusInfinityOnTheDigits) {
  EXPECT_EQ(round_decimal_down("0.24999999999999999", 4), "0.2499");
  EXPECT_EQ(round_decimal_up("0.24999999999999999", 4), "0.25");
  EXPECT_EQ(round_decimal_down("-34.355339059327377", 4), "-34.36");
  EXPECT_EQ(round_decimal_up("-34.355339059327376", 4), "-34.35");
  EXPECT_EQ(round_decimal_up("9.99999", 3), "10");
  EXPECT_EQ(round_decimal_down("-9.99999", 3), "-10");
}

TEST(RoundDecimal, KeepsExactValuesAndSpecialTexts) {
  EXPECT_EQ(round_decimal_down("0.25", 4), "0.25");
  EXPECT_EQ(round_decimal_up("0.25", 4), "0.25");
  EXPECT_EQ(round_decimal_down("0", 4), "0");
  EXPECT_EQ(round_decimal_up("-0.000", 4), "0");
  for (const char* special : {"nan", "inf", "-inf"}) EXPECT_EQ(round_decimal_up(special, 4), special);
}

TEST(RoundDecimal, PrintsLikePercentG) {
  EXPECT_EQ(round_decimal_up("4.5543e-617", 4), "4.555e-617");
  EXPECT_EQ(round_decimal_down("-4.5543e-617", 4), "-4.555e-617");
  EXPECT_EQ(round_decimal_up("123456", 4), "1.235e+05");
  EXPECT_EQ(round_decimal_down("0.000012345", 3), "1.23e-05");
  EXPECT_EQ(round_decimal_down("0.00012345", 3), "0.000123");
  EXPECT_EQ(round_decimal_up("1e3", 4), "1000");
}

TEST(RoundDecimal, RejectsWhatIsNotDecimalText) {
  EXPECT_THROW(round_decimal_up("abc", 4), InputError);
  EXPECT_THROW(round_decimal_up("1.5x", 4), InputError);
  EXPECT_THROW(round_decimal_up("", 4), InputError);
}

TEST(ShortEnclosure, StillEncloses) {
  const EnclosureText e{"-0.25", "-0.24999999999999999", 0};
  EXPECT_EQ(short_enclosure(e), "[-0.25, -0.2499]");
  EXPECT_EQ(full_enclosure(e), "[-0.25, -0.24999999999999999]");
}

TEST(FixedText, NormalizesNegativeZero) {
  EXPECT_EQ(fixed_text(-0.001, 2), "0.00");
  EXPECT_EQ(fixed_text(-1.256, 2), "-1.26");
  EXPECT_EQ(fixed_text(std::numeric_limits<double>::infinity(), 2), "inf");
}

TEST(CountText, ChoosesTheNounByNumber) {
  EXPECT_EQ(count_text(1, "case", "cases"), "1 case");
  EXPECT_EQ(count_text(0, "case", "cases"), "0 cases");
  EXPECT_EQ(setting_text(0.001), "0.001");
}

TEST(ReadableDecimal, PrintsShortValuesExactlyAndOthersAsTheShortestTextThatReadsBack) {
  bool exact = false;
  EXPECT_EQ(readable_decimal(0.5, &exact), "0.5");
  EXPECT_TRUE(exact);
  EXPECT_EQ(readable_decimal(std::ldexp(1.0, -20), &exact), "0.00000095367431640625");
  EXPECT_TRUE(exact) << "2^-20 has 14 significant digits";
  EXPECT_EQ(readable_decimal(0.1, &exact), "0.1");
  EXPECT_FALSE(exact) << "the double nearest 1/10 is not 1/10";
  EXPECT_EQ(readable_decimal(0.1 + 0.2), "0.30000000000000004");
  for (double x : {0x1.07ca1d4028dd9p+2, -0x1.dd64b022c8c68p+3, 0x1p-1074, 1e300, -2.5}) {
    const std::string text = readable_decimal(x);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), x) << text;
    EXPECT_EQ(text.find("0x"), std::string::npos) << text;
    EXPECT_LE(text.size(), 24u) << text;
  }
}

}  // namespace
}  // namespace nb::reports
