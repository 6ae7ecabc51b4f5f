#include "verify/cli/time_left.hpp"

#include <gtest/gtest.h>

namespace nb::cli {
namespace {

using namespace std::chrono_literals;

TEST(TimeLeft, ExtrapolatesThePaceSoFar) {
  // 100 of 400 cases in 10 s: 300 left at 0.1 s each.
  EXPECT_EQ(share_and_time_left(100, 400, 10s), "25.0%, 10 s elapsed, about 30 s left");
  EXPECT_EQ(share_and_time_left(1, 1000, 2s), "0.1%, 2 s elapsed, about 33 min 18 s left");
  EXPECT_EQ(share_and_time_left(10, 147456, 1s), "0.0%, 1 s elapsed, about 4 h 05 min left");
}

TEST(TimeLeft, NoEstimateBeforeItMeansSomething) {
  EXPECT_EQ(share_and_time_left(0, 10, 5s), "0.0%");
  EXPECT_EQ(share_and_time_left(5, 10, 500ms), "50.0%");
  EXPECT_EQ(share_and_time_left(10, 10, 5s), "100.0%, done in 5 s");
}

TEST(TimeLeft, DurationsInTheirTwoLargestUnits) {
  EXPECT_EQ(rounded_duration(0s), "0 s");
  EXPECT_EQ(rounded_duration(59.6s), "1 min 0 s");
  EXPECT_EQ(rounded_duration(3599s), "59 min 59 s");
  EXPECT_EQ(rounded_duration(7500s), "2 h 05 min");
}

}  // namespace
}  // namespace nb::cli
