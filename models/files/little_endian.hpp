#pragma once
// Decoding of little-endian binary fields (safetensors and .npy store numbers little-endian).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace nb::files {

// The value of type T (an arithmetic type) whose little-endian byte representation starts at
// `bytes`. Guarantees: reads exactly sizeof(T) bytes, no alignment requirement, bit-exact on
// little- and big-endian hosts.
template <class T>
T load_little_endian(const std::byte* bytes) {
  static_assert(std::is_arithmetic_v<T>);
  std::array<std::byte, sizeof(T)> buffer;
  std::memcpy(buffer.data(), bytes, sizeof(T));
  if constexpr (std::endian::native == std::endian::big) std::reverse(buffer.begin(), buffer.end());
  return std::bit_cast<T>(buffer);
}

}  // namespace nb::files
