// UniformIndex (verify/kernels/uniform_index.hpp) against boost::random::uniform_int_distribution
// on twin engines: the same index from the same seed, draw after draw, for small ranges (the
// sampled expectations' 0..j), ranges near 2^32 where the binary64 quotient stops being used,
// and ranges near 2^64 (rejection of most outputs, and the whole range); the engines must stay in
// step, so a method that consumed outputs differently fails too. Floyd's subsets through
// RandomDistinctIndices are those of the loop over Boost's distributions it replaced.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "verify/kernels/top_n.hpp"
#include "verify/kernels/uniform_index.hpp"

namespace nb {
namespace {

void expect_same_draws(std::uint64_t range, int draws, std::uint64_t seed) {
  boost::random::mt19937_64 ours(seed), boosts(seed);
  const UniformIndex index(range);
  for (int k = 0; k < draws; ++k) {
    const std::uint64_t want = boost::random::uniform_int_distribution<std::uint64_t>(0, range)(boosts);
    ASSERT_EQ(index(ours), want) << "range " << range << ", draw " << k;
  }
  ASSERT_EQ(ours(), boosts()) << "range " << range << ": the engines are in step";
}

TEST(UniformIndex, DrawsWhatBoostDraws) {
  for (std::uint64_t range = 0; range < 2100; ++range) expect_same_draws(range, 200, 2508 + range);
  constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32, kMax = std::numeric_limits<std::uint64_t>::max();
  for (const std::uint64_t range :
       {kTwo32 - 2, kTwo32 - 1, kTwo32, kTwo32 + 1, std::uint64_t{3} << 40, kMax / 2 - 1, kMax / 2, kMax / 2 + 1,
        kMax - 2, kMax - 1, kMax})
    expect_same_draws(range, 20000, range);
  // Ranges whose bucket is a power of two or one more than it (the quotient's estimate at its edges).
  for (int e = 1; e < 32; ++e)
    for (const std::uint64_t range : {(std::uint64_t{1} << e) - 1, std::uint64_t{1} << e, (std::uint64_t{1} << e) + 1})
      expect_same_draws(range, 5000, static_cast<std::uint64_t>(e));
}

TEST(UniformIndex, FloydSubsetsAreThoseOfBoostsDistributions) {
  boost::random::mt19937_64 ours(7), boosts(7);
  std::vector<char> marks(1024, 0);
  std::vector<std::size_t> got, want;
  for (const std::size_t k : {0, 1, 6, 600, 1024}) {
    const RandomDistinctIndices pick(1024, k);
    for (int draw = 0; draw < 500; ++draw) {
      pick(ours, marks, got);
      want.clear();
      for (std::size_t j = 1024 - k; j < 1024; ++j) {
        std::size_t t = boost::random::uniform_int_distribution<std::size_t>(0, j)(boosts);
        for (const std::size_t earlier : want)
          if (earlier == t) t = j;
        want.push_back(t);
      }
      ASSERT_EQ(got, want) << k << " of 1024, draw " << draw;
    }
  }
}

}  // namespace
}  // namespace nb
