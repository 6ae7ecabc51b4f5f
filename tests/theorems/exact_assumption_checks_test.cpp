// Assumption checks decide in exact rationals: inputs on the boundary of an assumption that are
// not binary64 values pass where the assumption holds (they were refused as "too close to 0 to
// decide its sign at 68 bits"), and inputs just outside are refused however close they are.
#include <gtest/gtest.h>

#include "tests/theorems/literal_vector.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace exact_assumption_checks_test {

using namespace witness;

void check_assumptions(const std::string& id, const Case& c) { theorems::find(id)->check_assumptions(c); }

Case normalizer_case(const std::string& kernel, const std::vector<std::string>& logits, const std::string& a) {
  Case c;
  c.label = kernel + " a=" + a;
  c.numbers["logits"] = literal_vector(logits);
  c.numbers["a"] = ExactTensor::literal(a);
  c.options["normalizer"] = kernel;
  if (kernel == "square") c.numbers["s"] = ExactTensor::literal("3e300");
  else c.numbers["T"] = ExactTensor::literal("1");
  return c;
}

TEST(ExactAssumptionChecks, LogitRangeWithADecimalBoundary) {
  // a = max_i |l_i| exactly, the natural choice: 0.1 and 1e300 are not binary64 values.
  const Case tenth = normalizer_case("softmax", {"0.1", "-0.05"}, "0.1");
  EXPECT_NO_THROW(check_assumptions("normalizer-weight-bounds", tenth));
  EXPECT_NE(check("normalizer-weight-bounds", tenth).verdict, Verdict::Violated);
  EXPECT_NO_THROW(check_assumptions("normalizer-weight-bounds", normalizer_case("square", {"1e300", "-0.5"}, "1e300")));
  EXPECT_THROW(check_assumptions("normalizer-weight-bounds", normalizer_case("softmax", {"0.1", "-0.1000000000000000000000000001"}, "0.1")),
               InputError);
}

TEST(ExactAssumptionChecks, SquareKernelDomainCloseToItsEdge) {
  // l + s = 10^-23 > 0, about 2^-76: beyond the 68 bits the sign was decided at.
  Case c = normalizer_case("square", {"-0.29999999999999999999999"}, "0.29999999999999999999999");
  c.numbers["s"] = ExactTensor::literal("0.3");
  EXPECT_NO_THROW(check_assumptions("normalizer-weight-bounds", c));
  Case without_range = c;
  without_range.numbers.erase("a");
  EXPECT_NO_THROW(check_assumptions("normalizer-jacobian-bound", without_range));
  c.numbers["logits"] = literal_vector({"-0.3"});
  c.numbers["a"] = ExactTensor::literal("0.3");
  EXPECT_THROW(check_assumptions("normalizer-weight-bounds", c), InputError) << "-0.3 + s = 0 is outside the domain";
}

TEST(ExactAssumptionChecks, PositiveTemperatureBelowBinary64) {
  // 1e-400 rounds to 0 in binary64 but is positive ("T must be > 0 (got 1e-400)" before).
  Case c;
  c.label = "T=1e-400";
  c.numbers["logits"] = ExactTensor::vector({0, 0});
  c.numbers["T"] = ExactTensor::literal("1e-400");
  EXPECT_NO_THROW(check_assumptions("softmax-jacobian-entry", c));
  for (const char* T : {"-1e-400", "0/7", "-0x1p-1074"}) {
    c.numbers["T"] = ExactTensor::literal(T);
    EXPECT_THROW(check_assumptions("softmax-jacobian-entry", c), InputError) << T;
  }
}

TEST(ExactAssumptionChecks, MessagesPrintTheValueInDecimal) {
  // A binary64 value in decimal (it read "got 0x0p+0"), a literal as it was written.
  Case c;
  c.label = "T=0";
  c.numbers["logits"] = ExactTensor::vector({0, 0});
  for (const auto& [T, shown] : {std::pair<ExactTensor, std::string>{ExactTensor::scalar(0), "(got 0)"},
                                 {ExactTensor::scalar(-0.375), "(got -0.375)"},
                                 {ExactTensor::literal("-1/3"), "(got -1/3)"}}) {
    c.numbers["T"] = T;
    try {
      check_assumptions("softmax-jacobian-entry", c);
      ADD_FAILURE() << shown << " passed";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(shown), std::string::npos) << e.what();
    }
  }
}

}  // namespace exact_assumption_checks_test
}  // namespace nb
