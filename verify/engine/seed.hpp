#pragma once
#include <cstdint>
#include <string_view>

namespace nb {

// SplitMix64's output function (Steele, Lea, Flood 2014): a bijective 64-bit mix, used to derive
// independent seeds from (seed, index) pairs so that no result depends on scheduling.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// FNV-1a hash of a string (e.g. a theorem id), to give each theorem its own seed stream.
constexpr std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

}  // namespace nb
