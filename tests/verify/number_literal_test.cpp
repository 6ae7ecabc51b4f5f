// Number literals: every form reads to its exact rational (values checked against independent
// arithmetic: C99 hexadecimal digits, powers of ten), and every refusal says why: not a literal,
// not a binary64 value (which rule), or beyond a limit (which one, and its value).
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb {
namespace {

Rational literal_value(const std::string& text) { return read_number_literal(text, "x"); }

// The message of the InputError that reading `text` throws ("" if it reads).
std::string literal_refusal(const std::string& text) {
  try {
    literal_value(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(NumberLiteral, EveryC99HexadecimalFormOfABinary64Value) {
  // Python's float.hex() form, exponent 0, a whole-number significand, the smallest subnormal,
  // upper case, no point, a leading point, a sign, and no exponent (as strtod reads it).
  EXPECT_EQ(literal_value("0x1.8000000000000p-2"), Rational(3, 8));
  EXPECT_EQ(literal_value("0x1p0"), Rational(1));
  EXPECT_EQ(literal_value("0x3p-3"), Rational(3, 8));
  EXPECT_EQ(literal_value("0X1.8P-2"), Rational(3, 8));
  EXPECT_EQ(literal_value("0x.8p1"), Rational(1));
  EXPECT_EQ(literal_value("-0x1.cp+1"), Rational(-7, 2));
  EXPECT_EQ(literal_value("+0x10"), Rational(16));
  EXPECT_EQ(literal_value("0x1.fffffffffffffp+1023"), Rational(std::numeric_limits<double>::max()));
  EXPECT_EQ(literal_value("0x1p-1074"), Rational(std::numeric_limits<double>::denorm_min()));
  EXPECT_EQ(literal_value("0x0.0000000000001p-1022"), Rational(std::numeric_limits<double>::denorm_min()));
  EXPECT_EQ(literal_value("0x0p99999"), Rational(0));
}

TEST(NumberLiteral, HexadecimalNumbersThatAreNotBinary64ValuesAreRefusedSayingWhy) {
  EXPECT_NE(literal_refusal("0x1.00000000000001p0").find("57 significant bits, binary64 has 53"), std::string::npos);
  EXPECT_NE(literal_refusal("0x1p1024").find("beyond the largest binary64 value"), std::string::npos);
  EXPECT_NE(literal_refusal("0x1p-1075").find("below the smallest positive binary64 value"), std::string::npos);
  EXPECT_NE(literal_refusal("0x3p-1075").find("a bit below 2^-1074"), std::string::npos);
  EXPECT_NE(literal_refusal("0x1p-99999999999999999999").find("below the smallest"), std::string::npos);
  EXPECT_NE(literal_refusal("0x1p0f").find("C type suffix 'f'"), std::string::npos);
  for (const char* bad : {"0x", "0x.p1", "0x1p", "0x1p+", "0x1.8p-2.5", "0xg", "0x1 ", " 0x1", "0x1p0x"})
    EXPECT_NE(literal_refusal(bad).find("is not a number"), std::string::npos) << bad;
}

TEST(NumberLiteral, DecimalsAndFractionsAreTheRationalsTheySpell) {
  EXPECT_EQ(literal_value("0.1"), Rational(1, 10));
  EXPECT_EQ(literal_value("-3e-5"), Rational(-3, 100000));
  EXPECT_EQ(literal_value("2."), Rational(2));
  EXPECT_EQ(literal_value(".5E+3"), Rational(500));
  EXPECT_EQ(literal_value("+12.50e-1"), Rational(5, 4));
  EXPECT_EQ(literal_value("08/12"), Rational(2, 3)) << "leading zeros are decimal, not octal";
  EXPECT_EQ(literal_value("-6/4"), Rational(-3, 2));
  EXPECT_EQ(literal_value("1e-400"), Rational(1) / pow(Integer(10), 400));
  EXPECT_NE(literal_refusal("1/0").find("divides by zero"), std::string::npos);
  for (const char* bad : {"", "+", "-", ".", "e5", "1e", "1e+", "1/", "/3", "1/-3", "1.5/2", "nan", "inf", "1,5", "1 "})
    EXPECT_NE(literal_refusal(bad).find("is not a number"), std::string::npos) << "'" << bad << "'";
}

TEST(NumberLiteral, FractionsOfIntegersBeyondBinary64AreExact) {
  const std::string n = "7" + std::string(399, '3'), d = "1" + std::string(399, '0');
  const Rational q = literal_value(n + "/" + d);
  EXPECT_EQ(numerator(q) * Integer(d), Integer(n) * denominator(q));
}

TEST(NumberLiteral, LongLiteralsWithinTheDigitLimitReadWithoutRecursion) {
  // std::regex_match recursed once per character and overflowed the stack here.
  const std::string digits(kMaxLiteralDigits - 1, '9');
  EXPECT_EQ(literal_value("." + digits + "9"), Rational(1) - Rational(1) / pow(Integer(10), kMaxLiteralDigits));
  EXPECT_EQ(literal_value(digits + "/" + "1"), Rational(pow(Integer(10), kMaxLiteralDigits - 1) - 1));
}

TEST(NumberLiteral, DigitLimitIsNamedWithItsValue) {
  const std::string limit = std::to_string(kMaxLiteralDigits);
  for (const std::string& text : {std::string(50000, '1'), "0." + std::string(kMaxLiteralDigits, '1'),
                                  std::string(6000, '1') + "/" + std::string(6000, '3'),
                                  "0x1." + std::string(kMaxLiteralDigits, '0') + "p0"}) {
    const std::string message = literal_refusal(text);
    EXPECT_NE(message.find("beyond the limit of " + limit + " digits"), std::string::npos) << message;
    EXPECT_LT(message.size(), 300u) << "the literal is cut in the message";
  }
}

TEST(NumberLiteral, ExponentLimitIsNamedWithItsValue) {
  // "1e-10000000" built a 10^(10^7) integer first.
  for (const char* text : {"1e-10000000", "1e10000001", "1e99999999999999999999999999", "0e10001"})
    EXPECT_NE(literal_refusal(text).find("exponent beyond the limit of +-" + std::to_string(kMaxLiteralExponent)),
              std::string::npos)
        << text;
  EXPECT_EQ(literal_value("1e-10000"), Rational(1) / pow(Integer(10), 10000)) << "the limit itself is allowed";
}

}  // namespace
}  // namespace nb
