// Exact top-N selection with the index tie-break, subset enumeration and random subsets.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb {
namespace {

ExactTensor literals(const std::vector<std::string>& texts) {
  nlohmann::json j = {{"shape", {texts.size()}}, {"values", texts}};
  return ExactTensor::from_json(j, "values");
}

TEST(TopN, LargestEntriesWithTiesToTheSmallerIndex) {
  const Selection s = top_n(ExactTensor::vector({1, 3, 3, 2, 3}), 2);
  EXPECT_EQ(s.selected, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(s.rest, (std::vector<std::size_t>{0, 3, 4}));
  EXPECT_EQ(top_n(ExactTensor::vector({5, 5, 5}), 3).rest, std::vector<std::size_t>{});
  EXPECT_EQ(top_n(ExactTensor::vector({0.5, -1}), 1).selected, std::vector<std::size_t>{0});
}

TEST(TopN, LiteralsCompareExactly) {
  // 1/3 > 0.3333333333333333 (its binary64 rounding is below 1/3 too, but both are decided
  // exactly); 0.1 and 1/10 are the same number, so the tie goes to the smaller index.
  EXPECT_EQ(top_n(literals({"0.3333333333333333", "1/3"}), 1).selected, std::vector<std::size_t>{1});
  EXPECT_EQ(top_n(literals({"0.1", "1/10", "-2e-1"}), 1).selected, std::vector<std::size_t>{0});
  EXPECT_EQ(top_n(literals({"-1/10", "0.1", "1e-1"}), 2).selected, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(top_n(literals({"2.5e3", "2499.9999999999999999999", "0x1.388p+11"}), 1).selected,
            std::vector<std::size_t>{0});  // 2500 = 0x1.388p+11 exactly: tie, smaller index
}

// top_n is the first N of descending_order (the full sort), on binary64 values and on literals,
// with many ties.
TEST(TopN, TheFirstNOfTheDescendingOrder) {
  random::Rng rng(2508178);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t L = 1 + rng() % 60, N = 1 + rng() % L;
    std::vector<std::string> texts(L);
    std::vector<double> doubles(L);
    for (std::size_t i = 0; i < L; ++i) {
      const int k = static_cast<int>(rng() % 7) - 3;
      texts[i] = std::to_string(k) + "/3";
      doubles[i] = k;
    }
    const ExactTensor values = trial % 2 ? literals(texts) : ExactTensor::vector(doubles);
    ASSERT_EQ(values.all_dyadic(), trial % 2 == 0);
    std::vector<std::size_t> first = descending_order(values);
    first.resize(N);
    std::sort(first.begin(), first.end());
    const Selection s = top_n(values, N);
    ASSERT_EQ(s.selected, first) << "trial " << trial;
    ASSERT_EQ(s.selected.size() + s.rest.size(), L);
  }
}

TEST(Binomial, ValuesAndSaturation) {
  EXPECT_EQ(binomial(5, 2), 10u);
  EXPECT_EQ(binomial(24, 7), 346104u);
  EXPECT_EQ(binomial(3, 5), 0u);
  EXPECT_EQ(binomial(62, 31), 465428353255261088u);
  EXPECT_EQ(binomial(200, 100), UINT64_MAX);
}

TEST(ForEachSelection, EverySubsetOnceInLexicographicOrder) {
  std::vector<std::vector<std::size_t>> seen;
  for_each_selection(5, 3, [&](const Selection& s) {
    EXPECT_EQ(s.selected.size() + s.rest.size(), 5u);
    seen.push_back(s.selected);
  });
  ASSERT_EQ(seen.size(), binomial(5, 3));
  EXPECT_EQ(seen.front(), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(seen.back(), (std::vector<std::size_t>{2, 3, 4}));
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(std::set(seen.begin(), seen.end()).size(), seen.size());
  std::size_t count = 0;
  for_each_selection(4, 0, [&](const Selection& s) { count += s.selected.empty() && s.rest.size() == 4; });
  EXPECT_EQ(count, 1u);
}

TEST(RandomSelection, UniformOverTheSubsets) {
  random::Rng rng(7);
  std::map<std::vector<std::size_t>, int> counts;
  for (int k = 0; k < 60000; ++k) {
    const Selection s = random_selection(rng, 4, 2);
    ASSERT_TRUE(std::is_sorted(s.selected.begin(), s.selected.end()));
    ++counts[s.selected];
  }
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [subset, n] : counts) EXPECT_NEAR(n, 10000, 500) << "each of the 6 subsets has probability 1/6";
}

TEST(RandomDistinctIndices, UniformOverTheSubsetsAndMarksCleared) {
  random::Rng rng(7);
  std::vector<char> marks(5, 0);
  std::vector<std::size_t> drawn;
  std::map<std::set<std::size_t>, int> counts;
  for (int k = 0; k < 100000; ++k) {
    random_distinct_indices(rng, 5, 3, marks, drawn);
    const std::set<std::size_t> subset(drawn.begin(), drawn.end());
    ASSERT_EQ(subset.size(), 3u) << "three distinct indices";
    ASSERT_LT(*subset.rbegin(), 5u);
    ASSERT_EQ(std::count(marks.begin(), marks.end(), 1), 0) << "marks are zeros again";
    ++counts[subset];
  }
  ASSERT_EQ(counts.size(), 10u);
  for (const auto& [subset, n] : counts) EXPECT_NEAR(n, 10000, 500) << "each of the 10 subsets has probability 1/10";
  random_distinct_indices(rng, 4, 4, marks, drawn);
  EXPECT_EQ(std::set<std::size_t>(drawn.begin(), drawn.end()), (std::set<std::size_t>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace nb
