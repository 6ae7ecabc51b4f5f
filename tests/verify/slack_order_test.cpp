#include "verify/results/slack_order.hpp"

#include <gtest/gtest.h>

namespace nb {
namespace slack_order_test {  // named: verdict_test.cpp's enclosure() shares a unity batch

EnclosureText enclosure(const char* lo, const char* hi) { return {lo, hi, 0}; }

TEST(SlackOrder, OrdersMidpointsBeyondDoubleRange) {
  const SlackOrder tiny = slack_order(enclosure("1e-600", "3e-600"));
  const SlackOrder tinier = slack_order(enclosure("1e-700", "1e-700"));
  EXPECT_TRUE(tinier < tiny);
  EXPECT_FALSE(tiny < tinier);
  EXPECT_NEAR(tiny.log10_abs, std::log10(2.0) - 600, 1e-9);
}

TEST(SlackOrder, PutsNegativeBeforeZeroBeforePositiveAndNonFiniteLast) {
  const SlackOrder negative = slack_order(enclosure("-2", "-1"));
  const SlackOrder more_negative = slack_order(enclosure("-20", "-10"));
  const SlackOrder zero = slack_order(enclosure("-1e-9", "1e-9"));
  const SlackOrder positive = slack_order(enclosure("0.5", "0.5"));
  const SlackOrder unknown = slack_order(enclosure("nan", "inf"));
  EXPECT_TRUE(more_negative < negative);
  EXPECT_TRUE(negative < zero);
  EXPECT_TRUE(zero < positive);
  EXPECT_TRUE(positive < unknown);
  EXPECT_FALSE(unknown < unknown);
  EXPECT_FALSE(unknown.finite);
}

TEST(Log10OfPositiveMidpoint, OnlyForPositiveFiniteMidpoints) {
  EXPECT_NEAR(*log10_of_positive_midpoint(enclosure("0.001", "0.001")), -3, 1e-12);
  EXPECT_FALSE(log10_of_positive_midpoint(enclosure("0", "0")));
  EXPECT_FALSE(log10_of_positive_midpoint(enclosure("-1", "0.5")));
  EXPECT_FALSE(log10_of_positive_midpoint(enclosure("1", "inf")));
}

}  // namespace slack_order_test
}  // namespace nb
