// Shrinking keeps the property, ends, and reaches the simplest case that keeps it.
#include "verify/search/case_shrinker.hpp"

#include <gtest/gtest.h>

#include "verify/io/errors.hpp"

namespace nb::search {
namespace {

Case vector_case(std::vector<double> values) {
  Case c;
  c.numbers["x"] = ExactTensor::vector(std::move(values));
  return c;
}

double sum_of(const Case& c) {
  double s = 0;
  for (std::size_t i = 0; i < c.number("x").size(); ++i) s += c.number("x").approx(i);
  return s;
}

TEST(CaseShrinker, ShrinksToFewestShortestEntriesKeepingTheProperty) {
  // "sum >= 1" holds for one entry 1 and for nothing simpler (a single 0 or a shorter text fails).
  const Case start = vector_case({0.3141592653589793, 2.718281828459045, -0.5772156649015329, 1.4142135623730951});
  const ShrunkCase s = shrink_case(start, [](const Case& c) { return sum_of(c) >= 1; }, 1000);
  EXPECT_GE(sum_of(s.shrunk), 1);
  ASSERT_EQ(s.shrunk.number("x").size(), 1u);
  EXPECT_EQ(s.shrunk.number("x").approx(0), 1.0);
  EXPECT_GT(s.steps, 0u);
}

TEST(CaseShrinker, MakesTiesAndStopsAtTheAttemptLimit) {
  // Two entries that must stay two and equal-or-larger in the second: a tie is simpler.
  const auto property = [](const Case& c) {
    const ExactTensor& x = c.number("x");
    return x.size() == 2 && x.approx(0) >= 0.75 && x.approx(1) >= x.approx(0);
  };
  const ShrunkCase s = shrink_case(vector_case({0.8125, 3.1}), property, 1000);
  EXPECT_TRUE(property(s.shrunk));
  EXPECT_EQ(s.shrunk.number("x").approx(1), s.shrunk.number("x").approx(0));
  EXPECT_EQ(s.shrunk.number("x").approx(0), 1.0);
  const ShrunkCase limited = shrink_case(vector_case({0.8125, 3.1}), property, 1);
  EXPECT_EQ(limited.attempts, 1u);
}

TEST(CaseShrinker, AnInputErrorRejectsTheCandidate) {
  const ShrunkCase s = shrink_case(
      vector_case({2.5, 3.5}),
      [](const Case& c) {
        if (c.number("x").size() < 2) throw InputError("needs two entries");
        return true;
      },
      1000);
  EXPECT_EQ(s.shrunk.number("x").size(), 2u);
  EXPECT_EQ(s.shrunk.number("x").approx(0), 0.0);
}

}  // namespace
}  // namespace nb::search
