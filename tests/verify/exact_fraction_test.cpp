// ExactTensor::fraction: every entry form as an exact fraction in lowest terms.
#include <gtest/gtest.h>

#include "verify/numbers/exact.hpp"

namespace nb {
namespace {

std::pair<std::string, std::string> fraction_text(const ExactTensor& t) {
  set_working_precision(256);
  const auto [n, d] = t.fraction<Mpfr>(0);
  return {n.str(), d.str()};
}

TEST(ExactFraction, LiteralsAndDyadicsInLowestTerms) {
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(fraction_text(ExactTensor::literal("0.8")), P("4", "5"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("0.992")), P("124", "125"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("-1.25e2")), P("-125", "1"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("3e-3")), P("3", "1000"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("08/12")), P("2", "3"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("-6/4")), P("-3", "2"));
  EXPECT_EQ(fraction_text(ExactTensor::literal("0x1.8p-2")), P("3", "8"));
  EXPECT_EQ(fraction_text(ExactTensor::scalar(0.375)), P("3", "8"));
  EXPECT_EQ(fraction_text(ExactTensor::scalar(-1024)), P("-1024", "1"));
  EXPECT_EQ(fraction_text(ExactTensor::scalar(0)), P("0", "1"));
}

TEST(ExactFraction, IntervalsOfTheIntegersArePoints) {
  set_working_precision(128);
  const auto [n, d] = ExactTensor::literal("0.99").fraction<Interval>(0);
  EXPECT_EQ(upper_end_of(n), 99);
  EXPECT_EQ(-upper_end_of(Interval(-n)), 99);
  EXPECT_EQ(upper_end_of(d), 100);
  EXPECT_EQ(-upper_end_of(Interval(-d)), 100);
}

}  // namespace
}  // namespace nb
