// Medians of spooled values (verify/results/spooled_medians.hpp) against sorting every value:
// beyond the values held in memory (so read back from the temporary file), with ties, negative
// values and -0, per group and over groups together, and after a trip through bytes and a merge.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "verify/kernels/median.hpp"
#include "verify/results/spooled_medians.hpp"

namespace nb {
namespace {

// Values of every sign and scale, with many ties (an eighth drawn from 5 values) and -0.
std::vector<double> drawn_values(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<double> values;
  for (std::size_t i = 0; i < n; ++i) {
    const double x = i % 8 == 0 ? static_cast<double>(static_cast<int>(rng() % 5) - 2) : normal(rng) * std::ldexp(1.0, static_cast<int>(rng() % 40) - 20);
    values.push_back(i % 97 == 0 ? -0.0 : x);
  }
  return values;
}

void expect_spread(const std::optional<Log10RatioSpread>& s, std::vector<double> values) {
  ASSERT_TRUE(s.has_value());
  std::sort(values.begin(), values.end());
  EXPECT_EQ(s->cases, values.size());
  EXPECT_EQ(s->min, values.front());
  EXPECT_EQ(s->max, values.back());
  EXPECT_EQ(s->median, median_of_sorted(values));
}

TEST(SpooledMedians, EqualSortingEveryValueBeyondMemory) {
  const std::vector<double> values = drawn_values(2 * kValuesInMemory + 12345, 7);
  SpooledMedians m;
  std::vector<std::vector<double>> by_group(3);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto group = static_cast<std::uint32_t>(i % 3 == 2 ? 2 : i % 2);
    m.add(group, values[i]);
    by_group[group].push_back(values[i]);
  }
  EXPECT_EQ(m.size(), values.size());
  const auto spreads = m.spreads({{0}, {1}, {2}, {0, 1, 2}, {5}});
  for (std::uint32_t g = 0; g < 3; ++g) expect_spread(spreads[g], by_group[g]);
  expect_spread(spreads[3], values);
  EXPECT_FALSE(spreads[4].has_value());
}

TEST(SpooledMedians, OddAndEvenCountsAndOneValue) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 101u, 1000u}) {
    const std::vector<double> values = drawn_values(n, static_cast<unsigned>(n));
    SpooledMedians m;
    for (double x : values) m.add(0, x);
    expect_spread(m.spreads({{0}}).front(), values);
  }
}

TEST(SpooledMedians, ThroughBytesAndMergedWithOtherGroups) {
  const std::vector<double> values = drawn_values(kValuesInMemory + 999, 3);
  SpooledMedians first, second;
  for (std::size_t i = 0; i < values.size(); ++i) (i < values.size() / 2 ? first : second).add(i < values.size() / 2 ? 1 : 0, values[i]);
  ByteWriter w;
  first.write(w);
  ByteReader r(w.bytes());
  const SpooledMedians read = SpooledMedians::read(r);
  EXPECT_TRUE(r.at_end());
  second.add_all(read, {7, 0});  // the first's group 1 is the second's group 0
  expect_spread(second.spreads({{0}}).front(), values);
}

}  // namespace
}  // namespace nb
