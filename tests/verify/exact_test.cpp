// Exact inputs: every entry converts with the stated guarantee and a case reads back bit-for-bit.
#include <cstdio>
#include <limits>
#include <filesystem>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb {
namespace {

TEST(ExactTensor, DyadicEntriesAreExactInEveryType) {
  set_working_precision(128);
  const ExactTensor t = ExactTensor::vector({0.1, -3.5, 1e-300});
  for (std::size_t i = 0; i < t.size(); ++i) {
    const Interval x = t.entry<Interval>(i);
    EXPECT_EQ(lower_end_of(x), upper_end_of(x)) << "a binary64 value is a point interval at 128 bits";
    EXPECT_EQ(t.entry<Mpfr>(i), point_of<Mpfr>(t.approx(i)));
    EXPECT_EQ(t.entry<double>(i), t.approx(i));
    EXPECT_TRUE(t.is_dyadic(i));
  }
}

TEST(ExactTensor, DecimalLiteralsAreEnclosedNotRounded) {
  set_working_precision(128);
  const ExactTensor tenth = ExactTensor::literal("0.1");
  EXPECT_FALSE(tenth.is_dyadic(0));
  const Interval x = tenth.entry<Interval>(0) * 10;
  EXPECT_TRUE(lower_end_of(x) <= 1 && 1 <= upper_end_of(x)) << "10 * [0.1] must contain 1";
  const Interval third = ExactTensor::literal("1/3").entry<Interval>(0) * 3;
  EXPECT_TRUE(lower_end_of(third) <= 1 && 1 <= upper_end_of(third));
  EXPECT_TRUE(ExactTensor::literal("0.5").is_dyadic(0)) << "a literal that is a binary64 value is stored as one";
  EXPECT_EQ(ExactTensor::literal("1/64").text(0), "1/64") << "a fraction keeps its text";
}

TEST(ExactTensor, DecimalTextForMessagesIsNeverHex) {
  const ExactTensor t = ExactTensor::vector({0.0, -0.375, 0.1, 0x1p-1074});
  EXPECT_EQ(decimal_text(t, 0), "0");
  EXPECT_EQ(decimal_text(t, 1), "-0.375");
  EXPECT_EQ(decimal_text(t, 2), "0.1") << "the shortest decimal that reads back";
  EXPECT_EQ(decimal_text(t, 3), "5e-324");
  EXPECT_EQ(decimal_text(ExactTensor::literal("1/3"), 0), "1/3") << "a fraction stays exact";
  EXPECT_EQ(decimal_text(ExactTensor::literal("1e-400"), 0), "1e-400");
}

TEST(ExactTensor, LiteralsBeyondBinary64RangeStayExact) {
  set_working_precision(128);
  // Exact rationals, whatever binary64 would round them to (0 and infinity).
  const ExactTensor tiny = ExactTensor::literal("1e-400"), huge = ExactTensor::literal("-1e999");
  EXPECT_FALSE(tiny.is_dyadic(0));
  EXPECT_EQ(tiny.approx(0), 0.0);
  EXPECT_GT(tiny.exact(0), 0) << "1e-400 is positive";
  EXPECT_GT(lower_end_of(tiny.entry<Interval>(0)), 0);
  EXPECT_EQ(huge.approx(0), -std::numeric_limits<double>::infinity());
  const Interval x = huge.entry<Interval>(0) * ExactTensor::literal("1e-999").entry<Interval>(0);
  EXPECT_TRUE(lower_end_of(x) <= -1 && -1 <= upper_end_of(x)) << "[-1e999] * [1e-999] must contain -1";
  EXPECT_TRUE(is_finite_value(huge.entry<Mpfr>(0)));
}

TEST(ExactTensor, MalformedEntriesAreInputErrors) {
  for (const char* bad : {"nan", "inf", "1/0", "0x1.8p-2.5", "abc", "", "0x1.00000000000001p0"})
    EXPECT_THROW(ExactTensor::literal(bad), InputError) << bad;
  EXPECT_THROW(ExactTensor::vector({std::nan("")}), InputError);
  EXPECT_THROW(ExactTensor::from_json(nlohmann::json(0.1), "x"), InputError) << "JSON floats lose the user's text";
  EXPECT_NO_THROW(ExactTensor::from_json(nlohmann::json(3), "x"));
  EXPECT_THROW(ExactTensor::from_json(nlohmann::json::parse(R"({"shape":[3],"values":["1","2"]})"), "x"), InputError);
  EXPECT_THROW(ExactTensor::from_json(nlohmann::json::parse(R"({"shape":[4611686018427387904, 4],"values":["1"]})"), "x"),
               InputError);
}

TEST(CaseJson, RandomCasesRoundTripBitForBit) {
  const std::uint64_t seed = 7;
  std::cout << "seed " << seed << "\n";
  random::Rng rng(seed);
  for (int k = 0; k < 50; ++k) {
    Case c;
    c.theorem = "some-theorem";
    c.label = "case " + std::to_string(k);
    const std::size_t rows = random::uniform_index(rng, 1, 5), cols = random::uniform_index(rng, 1, 5);
    c.numbers["m"] = ExactTensor(rows, cols, random::gaussian(rng, rows * cols, std::ldexp(1.0, k - 25)));
    c.numbers["T"] = ExactTensor::literal(k % 2 ? "0.01" : "1/64");
    c.numbers["s"] = ExactTensor::scalar(random::uniform(rng, -1, 1));
    c.integers["N"] = k;
    c.options["normalizer"] = "softmax";
    c.provenance["seed"] = std::to_string(seed);
    const Case back = case_from_json(nlohmann::json::parse(case_to_json(c).dump()));
    ASSERT_EQ(back, c) << "case " << k;
  }
}

TEST(CaseFile, WritesAndReadsBackAndRejectsOtherFiles) {
  const auto dir = std::filesystem::temp_directory_path() / "normbound-exact-test";
  std::filesystem::create_directories(dir);
  Case c;
  c.theorem = "t";
  c.numbers["x"] = ExactTensor::vector({0.0, 0.0});
  const std::string path = (dir / "c.json").string();
  write_case_file(c, path);
  EXPECT_EQ(read_case_file(path), c);
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs("{\"format\": \"something-else\"}", f);
    std::fclose(f);
  }
  EXPECT_THROW(read_case_file(path), InputError);
  EXPECT_THROW(read_case_file((dir / "missing.json").string()), InputError);
  EXPECT_THROW(write_case_file(c, (dir / "no-such-dir" / "c.json").string()), OutputError);
  std::filesystem::remove_all(dir);
}

TEST(ExactDecimal, PrintsTheExactValueOrHex) {
  EXPECT_EQ(exact_decimal_or_hex(0.5), "0.5");
  EXPECT_EQ(exact_decimal_or_hex(-3.0), "-3");
  EXPECT_EQ(exact_decimal_or_hex(0.1), "0x1.999999999999ap-4") << "0.1 as a double has 55 significant digits";
}

}  // namespace
}  // namespace nb
