#include "reports/natural_order.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace nb::reports {
namespace {

TEST(NaturalOrder, SortsNumbersInNamesByValue) {
  std::vector<std::string> names{"E[d~] at N = 10", "E[d~] at N = 2", "E[d~] at N = 1", "E[d~] at N = 02", "M"};
  std::sort(names.begin(), names.end(), natural_less);
  EXPECT_EQ(names, (std::vector<std::string>{"E[d~] at N = 1", "E[d~] at N = 2", "E[d~] at N = 02", "E[d~] at N = 10",
                                             "M"}));
  EXPECT_FALSE(natural_less("a", "a"));
  EXPECT_TRUE(natural_less("a", "a1"));
  EXPECT_FALSE(natural_less("a1", "a"));
  EXPECT_TRUE(natural_less("x9y", "x10"));
}

}  // namespace
}  // namespace nb::reports
