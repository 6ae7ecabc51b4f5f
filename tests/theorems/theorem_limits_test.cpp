// Integers that set the cost of an evaluation are limited, each with a message naming the limit
// and its value (a few bytes of case file asked for 2^L subsets or billions of draws).
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace theorem_limits_test {

using namespace witness;

// The message of the InputError that check_assumptions throws ("" if none).
std::string refusal(const std::string& id, const Case& c) {
  try {
    theorems::find(id)->check_assumptions(c);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

Case expectation_case(std::int64_t dimension, std::int64_t samples) {
  Case c;
  c.numbers["logits"] = ExactTensor::vector({0, 0, 0});
  c.numbers["T"] = ExactTensor::literal("1");
  c.numbers["radius"] = ExactTensor::literal("1");
  c.integers = {{"N", 1}, {"dimension", dimension}, {"samples", samples}, {"sample_seed", 1}};
  return c;
}

TEST(TheoremLimits, SphereDrawsOfTheExpectationTheorem) {
  const std::string id = "separability-upper-envelope-expectation";
  EXPECT_EQ(refusal(id, expectation_case(4096, 100000)), "");
  EXPECT_NE(refusal(id, expectation_case(4097, 10)).find("dimension <= 4096"), std::string::npos);
  EXPECT_NE(refusal(id, expectation_case(3, 100001)).find("samples <= 100000"), std::string::npos);
  EXPECT_NE(refusal(id, expectation_case(std::int64_t{1} << 62, 10)).find("dimension <= 4096"), std::string::npos);
}

TEST(TheoremLimits, EnumeratedSubsetsOfTheMonotoneReading) {
  const std::string id = "topn-distance-random-monotone";
  const auto tokens = [&](std::size_t L) {
    return token_case(id, std::vector<double>(L, 0), "1", std::vector<std::vector<double>>(L, {1}), 0);
  };
  EXPECT_EQ(refusal(id, tokens(16)), "");
  EXPECT_NE(refusal(id, tokens(17)).find("16"), std::string::npos) << refusal(id, tokens(17));
}

TEST(TheoremLimits, HeadsOfTheCoverageTheorem) {
  Case c;
  c.numbers["p"] = ExactTensor::literal("0.8");
  c.integers["H"] = 100000;
  EXPECT_EQ(refusal("multihead-coverage", c), "");
  c.integers["H"] = 100001;
  EXPECT_NE(refusal("multihead-coverage", c).find("the assumption H <= 100000 does not certainly hold"), std::string::npos);
}

}  // namespace theorem_limits_test
}  // namespace nb
