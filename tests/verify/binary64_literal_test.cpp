// The fast reader of binary64 literals against the exact reader (read_number_literal): on every
// literal form, on the text that decides it is always the exact reader's answer (the rounding to
// nearest, and whether the literal is that double), and on text it leaves to the exact reader it
// answers nothing. ExactTensor, which reads through both, keeps every literal's value.
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "verify/numbers/binary64_literal.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb {
namespace {

// Whether the fast reader's answer on `text` is the exact reader's; `decided` says whether it
// answered at all.
::testing::AssertionResult agrees_with_exact_reader(const std::string& text, bool& decided) {
  const std::optional<Binary64Literal> fast = read_binary64_literal(text);
  decided = fast.has_value();
  Rational q;
  try {
    q = read_number_literal(text, "x");
  } catch (const InputError& e) {
    if (fast) return ::testing::AssertionFailure() << text << ": fast reader read what the exact reader refuses: " << e.what();
    return ::testing::AssertionSuccess();
  }
  if (!fast) return ::testing::AssertionSuccess();
  const double nearest = rational_to<double>(q);
  const bool exact = std::isfinite(nearest) && Rational(nearest) == q;
  if (std::bit_cast<std::uint64_t>(fast->nearest) != std::bit_cast<std::uint64_t>(nearest) || fast->exact != exact) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "fast %a (exact %d), exact reader %a (exact %d)", fast->nearest, fast->exact, nearest,
                  exact);
    return ::testing::AssertionFailure() << text << ": " << buf;
  }
  return ::testing::AssertionSuccess();
}

// `texts` all agree, and the fast reader decides exactly those flagged `fast`.
void expect_agreement(const std::vector<std::pair<std::string, bool>>& texts) {
  for (const auto& [text, fast] : texts) {
    bool decided = false;
    EXPECT_TRUE(agrees_with_exact_reader(text, decided));
    EXPECT_EQ(decided, fast) << "'" << text << "' " << (fast ? "should be" : "should not be") << " read by the fast path";
  }
}

TEST(Binary64Literal, DecimalsThatAreDoublesAreExact) {
  expect_agreement({{"0.5", true}, {"3", true}, {"-2.25", true}, {"+2.25", true}, {"2.", true}, {".5E+3", true},
                    {"1e22", true}, {"1e23", true}, {"0.375e1", true}, {"1024e-10", true}, {"00012.5000", true},
                    {"9007199254740993", true}, {"9007199254740992", true}, {"4.9406564584124654e-324", false},
                    {"2.2250738585072014e-308", true}, {"1.7976931348623157e308", true}});
  EXPECT_TRUE(read_binary64_literal("1e22")->exact) << "10^22 = 5^22 2^22, 5^22 < 2^53";
  EXPECT_FALSE(read_binary64_literal("1e23")->exact) << "5^23 > 2^53";
  EXPECT_FALSE(read_binary64_literal("9007199254740993")->exact) << "2^53 + 1";
  EXPECT_TRUE(read_binary64_literal("0.0001220703125")->exact) << "2^-13";
}

TEST(Binary64Literal, NonDyadicDecimalsAreRoundedToNearest) {
  expect_agreement({{"0.1", true}, {"-0.1", true}, {"0.2", true}, {"0.3", true}, {"1.1", true}, {"3.14159", true},
                    {"-3e-5", true}, {"1e-300", true}, {"2.5e-308", true}, {"123456789012345678", true},
                    {"1234567890123456789", true}, {"0.12345678901234567", true}});
  EXPECT_FALSE(read_binary64_literal("0.1")->exact);
}

TEST(Binary64Literal, ZeroAndMinusZeroAreThePositiveZero) {
  expect_agreement({{"0", true}, {"-0", true}, {"-0.0", true}, {"0e10000", true}, {"-0x0p0", true}, {"0x0p99999", true},
                    {"0e10001", false}, {"0.000", true}});
  EXPECT_FALSE(std::signbit(read_binary64_literal("-0")->nearest));
  EXPECT_FALSE(std::signbit(read_binary64_literal("-0x0p0")->nearest));
}

TEST(Binary64Literal, HexadecimalNormalValuesAreExactOthersGoToTheExactReader) {
  expect_agreement({{"0x1.8p-2", true}, {"0X3P-3", true}, {"0x.8p1", true}, {"0x1.8000000000000p-2", true},
                    {"0x10", true}, {"-0x1.cp+1", true}, {"+0x10", true}, {"0x1.fffffffffffffp+1023", true},
                    {"0x1p-1022", true}, {"0x0000000000000000001p0", true}, {"0x8000000000000000p-63", true},
                    // subnormal, beyond the range, more than 53 bits, more than 16 digits: the exact reader
                    {"0x1p-1074", false}, {"0x0.0000000000001p-1022", false}, {"0x1p1024", false},
                    {"0x1.00000000000001p0", false}, {"0x1.00000000000000000p0", false}, {"0x1p-1075", false}});
}

// printf's %a form, which normbound writes and reads at fixed places, and the texts next to it
// that the general scan decides.
TEST(Binary64Literal, PrintfHexFormAndItsNeighboursAgree) {
  expect_agreement({{"0x1p+0", true}, {"-0x1p+0", true}, {"0x1.8p-2", true}, {"-0x1.fffffffffffffp+1023", true},
                    {"0x1p-1022", true}, {"0x1.0000000000001p-1022", true}, {"0x1.p+0", true}, {"0x1.0p+0", true},
                    {"0x1.fffffffffffff0p+0", true}, {"0x1p+01023", true}, {"0x1p+0001", true}, {"0x1.8p+1000", true},
                    {"0x1p-1023", false}, {"0x1p+1024", false}, {"0x1.ffffffffffffffp+0", false}, {"0x1p+", false},
                    {"0x1p", false}, {"0x1.p", false}, {"0x1.8p+1x", false}, {"0x1.8q+1", false}, {"0x1.8p+-1", false},
                    {"-0x1", true}, {"0x1.8", true}, {"0x1.8p1", true}, {"0x1.g", false}, {"-0x0p+0", true}});
  for (int e = -1022; e <= 1023; ++e) {
    char text[32];
    std::snprintf(text, sizeof text, "%a", std::ldexp(1.5, e));
    bool decided = false;
    EXPECT_TRUE(agrees_with_exact_reader(text, decided));
    EXPECT_TRUE(decided) << text;
  }
}

TEST(Binary64Literal, SubnormalHugeAndTinyDecimalsGoToTheExactReader) {
  expect_agreement({{"1e-320", false}, {"5e-324", false}, {"1e-400", false}, {"1e400", false}, {"-1e999", false},
                    {"1.8e308", false}, {"1e10000", false}, {"1e-10000", false}, {"1e10001", false},
                    {"0." + std::string(30, '0') + "1", true}, {"1" + std::string(25, '0'), false},
                    {"0.1000000000000000055511151231257827021181583404541015625", false}});
}

TEST(Binary64Literal, FractionsAndMalformedTextGoToTheExactReader) {
  expect_agreement({{"1/3", false}, {"1/64", false}, {"-08/12", false}, {"", false}, {"-", false}, {".", false},
                    {"e5", false}, {"1e", false}, {"1e+", false}, {"0x", false}, {"0x.p1", false}, {"0x1p", false},
                    {"0x1p1f", false}, {"nan", false}, {"inf", false}, {"-inf", false}, {" 1", false}, {"1 ", false},
                    {"+-1", false}, {"--1", false}, {"1.2.3", false}, {"0x1.8p-2.5", false}, {"1,5", false},
                    {"0b101", false}, {"1e5.5", false}, {"1_000", false}});
}

TEST(Binary64Literal, RandomDoublesInEveryFormAgree) {
  std::mt19937_64 rng(20261202);
  std::uniform_int_distribution<int> exponent(-1100, 1050);
  std::uniform_int_distribution<std::uint64_t> bits;
  std::size_t decided = 0, total = 0;
  for (int k = 0; k < 20000; ++k) {
    // Random significands at random scales, and random bit patterns (every finite double).
    const double x = k % 2 ? std::ldexp(static_cast<double>(bits(rng) >> 11), exponent(rng) - 53)
                           : std::bit_cast<double>(bits(rng));
    if (!std::isfinite(x)) continue;
    char hex[64], shortest[64], seventeen[64], six[64], fixed[64];
    std::snprintf(hex, sizeof hex, "%a", x);
    std::snprintf(shortest, sizeof shortest, "%.16g", x);
    std::snprintf(seventeen, sizeof seventeen, "%.17g", x);
    std::snprintf(six, sizeof six, "%.6e", x);
    std::snprintf(fixed, sizeof fixed, "%.3f", std::fmod(x, 1e6));
    for (const char* text : {hex, shortest, seventeen, six, fixed}) {
      bool fast = false;
      EXPECT_TRUE(agrees_with_exact_reader(text, fast));
      decided += fast;
      ++total;
    }
  }
  EXPECT_GT(decided, total / 2) << "the fast path decides most printed doubles";
}

TEST(Binary64Literal, ExactTensorKeepsEveryLiteralsValue) {
  set_working_precision(128);
  for (const char* text : {"0.1", "-0.1", "1e23", "9007199254740993", "0.12345678901234567", "1/3", "1/64", "1e-400",
                           "-1e999", "0x1p-1074", "5e-324", "0x1.8p-2", "-0", "0.5"}) {
    const ExactTensor t = ExactTensor::literal(text);
    const Rational q = read_number_literal(text, "x");
    EXPECT_EQ(t.exact(0), q) << text;
    EXPECT_EQ(t.approx(0), rational_to<double>(q)) << text;
    EXPECT_EQ(t.entry<DoubleInterval>(0).lower(), rational_to<DoubleInterval>(q).lower()) << text;
    EXPECT_EQ(t.entry<DoubleInterval>(0).upper(), rational_to<DoubleInterval>(q).upper()) << text;
    EXPECT_EQ(lower_end_of(t.entry<Interval>(0)), lower_end_of(rational_to<Interval>(q))) << text;
    EXPECT_EQ(upper_end_of(t.entry<Interval>(0)), upper_end_of(rational_to<Interval>(q))) << text;
    EXPECT_EQ(t.entry<Mpfr>(0), rational_to<Mpfr>(q)) << text;
  }
}

}  // namespace
}  // namespace nb
