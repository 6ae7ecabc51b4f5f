#pragma once
// boost::random::uniform_int_distribution<std::size_t>(0, range)(rng), the same number from the
// same engine outputs, for an engine whose outputs cover all of [0, 2^64 - 1] (mt19937_64): a
// seeded engine must give the same draws as it did through Boost (reproducible statistical
// claims). Boost's method for a range below the engine's: a bucket size b, from 2^64 - 1 and
// range + 1 (two divisions), and each engine output x taken as floor(x / b), rejected above range.
// Here b is computed once per range with m = floor((2^64 - 1) / b), and floor(x / b) as the high
// word of x m (at most floor(x / b), and at least floor(x / b) - 2: x m / 2^64 > x / b - 2 x / 2^64)
// raised while the remainder is at least b: sampled expectations draw
// millions of indices over a handful of ranges, and the two 64-bit divisions per index were a
// tenth of their time.
#include <cstddef>
#include <cstdint>
#include <limits>

namespace nb {

class UniformIndex {
 public:
  UniformIndex() = default;
  explicit UniformIndex(std::uint64_t range) : range_(range) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    if (range == 0 || range == kMax) return;
    bucket_ = kMax / (range + 1);
    if (kMax % (range + 1) == range) ++bucket_;
    reciprocal_ = kMax / bucket_;
  }

  template <class Rng>
  std::uint64_t operator()(Rng& rng) const {
    static_assert((Rng::min)() == 0 && (Rng::max)() == std::numeric_limits<std::uint64_t>::max(),
                  "Boost's method reproduced here is that of an engine with 64-bit outputs");
    if (range_ == 0) return 0;  // Boost draws nothing either
    if (bucket_ == 0) return rng();
    for (;;) {
      const std::uint64_t q = quotient(rng());
      if (q <= range_) return q;
    }
  }

  std::uint64_t range() const { return range_; }

 private:
  // floor(x / bucket_) (above).
  std::uint64_t quotient(std::uint64_t x) const {
    std::uint64_t q = static_cast<std::uint64_t>((static_cast<unsigned __int128>(x) * reciprocal_) >> 64);
    for (std::uint64_t r = x - q * bucket_; r >= bucket_; r -= bucket_) ++q;
    return q;
  }

  std::uint64_t range_ = 0, bucket_ = 0, reciprocal_ = 0;
};

}  // namespace nb
