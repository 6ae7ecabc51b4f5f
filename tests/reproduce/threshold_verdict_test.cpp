// threshold_verdict (verify/reproduce/threshold_verdict.hpp): the interval decides, and an interval
// that holds the threshold, or has an unknown end, is FRAGILE, never a pass or a fail.
#include "verify/reproduce/threshold_verdict.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace nb::reproduce {
namespace threshold_verdict_test {

TEST(ThresholdVerdict, TheIntervalDecidesAndUnknownEndsAreFragile) {
  EXPECT_EQ(threshold_verdict({1.0, 0.5, 1.5}, 2.0, true), ClaimVerdict::Reproduced);
  EXPECT_EQ(threshold_verdict({1.0, 0.5, 1.5}, 2.0, false), ClaimVerdict::NotReproduced);
  EXPECT_EQ(threshold_verdict({1.0, 0.5, 1.5}, 1.2, true), ClaimVerdict::Fragile);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(threshold_verdict({1.0, nan, 1.5}, 1.2, true), ClaimVerdict::Fragile);
  EXPECT_EQ(threshold_verdict({1.0, nan, 1.5}, 2.0, true), ClaimVerdict::Reproduced);  // wholly below 2
  EXPECT_EQ(threshold_verdict({1.0, 0.5, nan}, 2.0, true), ClaimVerdict::Fragile);
  EXPECT_EQ(threshold_verdict({nan, nan, nan}, 2.0, false), ClaimVerdict::Fragile);
}

}  // namespace threshold_verdict_test
}  // namespace nb::reproduce
