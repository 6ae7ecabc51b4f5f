// Literal entries of exact tensors as case files write them: every C99 hexadecimal form of a
// binary64 value is that value, exact rationals of any size within the limits are exact, and
// literals beyond the limits are bad input instead of a crash (std::stod threw out_of_range on
// 400-digit integers, std::regex overflowed the stack on 50,000 characters) or a 10^(10^7) integer.
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"

namespace nb {
namespace {

// The message of the InputError that reading `text` throws ("" if it reads).
std::string exact_literal_refusal(const std::string& text) {
  try {
    ExactTensor::literal(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ExactLiterals, EveryC99HexadecimalFormOfABinary64ValueIsThatValue) {
  // Python's float.hex() form, exponent 0, a whole-number significand, the smallest subnormal.
  for (const auto& [text, value] : {std::pair{"0x1.8000000000000p-2", 0.375}, {"0x1p0", 1.0}, {"0x3p-3", 0.375},
                                    {"0x1p-1074", std::numeric_limits<double>::denorm_min()}, {"0X1.8P-2", 0.375},
                                    {"0x.8p1", 1.0}, {"-0x6p-4", -0.375}, {"0x1.fffffffffffffp+1023",
                                    std::numeric_limits<double>::max()}}) {
    const ExactTensor t = ExactTensor::literal(text);
    EXPECT_TRUE(t.is_dyadic(0)) << text;
    EXPECT_EQ(t.approx(0), value) << text;
  }
}

TEST(ExactLiterals, AHexadecimalNumberThatIsNotABinary64ValueIsRefusedSayingWhy) {
  EXPECT_NE(exact_literal_refusal("0x1.00000000000001p0").find("57 significant bits, binary64 has 53"), std::string::npos);
  EXPECT_NE(exact_literal_refusal("0x1p1024").find("beyond the largest binary64 value"), std::string::npos);
  EXPECT_NE(exact_literal_refusal("0x1p-1075").find("below the smallest positive binary64 value"), std::string::npos);
}

TEST(ExactLiterals, AFractionOf400DigitIntegersIsExact) {
  const std::string n = "22" + std::string(398, '0'), d = "3" + std::string(399, '0');  // 22/30 = 11/15
  const ExactTensor t = ExactTensor::literal(n + "/" + d);
  EXPECT_FALSE(t.is_dyadic(0));
  set_working_precision(128);
  const Interval x = t.entry<Interval>(0) * 15;
  EXPECT_TRUE(lower_end_of(x) <= 11 && 11 <= upper_end_of(x)) << "15 * [11/15] must contain 11";
  const auto [numerator, denominator] = t.fraction<Mpfr>(0);
  EXPECT_EQ(numerator, 11);
  EXPECT_EQ(denominator, 15);
}

TEST(ExactLiterals, ALiteralBeyondTheDigitLimitIsBadInput) {
  EXPECT_NE(exact_literal_refusal(std::string(50000, '1')).find("beyond the limit of 10000 digits"), std::string::npos);
  EXPECT_NE(exact_literal_refusal("0." + std::string(30000, '3')).find("beyond the limit of 10000 digits"), std::string::npos);
  EXPECT_EQ(exact_literal_refusal("0." + std::string(9999, '3')), "") << "within the limit";
}

TEST(ExactLiterals, ADecimalExponentBeyondTheLimitIsBadInput) {
  EXPECT_NE(exact_literal_refusal("1e-10000000").find("exponent beyond the limit of +-10000"), std::string::npos);
  EXPECT_EQ(exact_literal_refusal("1e-10000"), "") << "within the limit";
}

}  // namespace
}  // namespace nb
