#pragma once
// Byte sizes of dense arrays described by untrusted headers (safetensors, .npy). The product of a
// shape can overflow long before any allocation happens, so every product is checked.
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

namespace nb::files {

// The number of bytes of a dense array with the given `shape` (element counts per axis; an empty
// shape is a scalar, one element) and `item_size` bytes per element. Guarantees: the exact product
// when it fits in uint64_t; std::nullopt when the product of `item_size` and the non-zero extents
// overflows (such a header is malformed even if another extent is 0); 0 if any extent is 0.
inline std::optional<std::uint64_t> array_byte_count(std::span<const std::uint64_t> shape,
                                                     std::uint64_t item_size) {
  std::uint64_t product = item_size;
  bool empty = false;
  for (const std::uint64_t extent : shape) {
    if (extent == 0) {
      empty = true;
      continue;
    }
    if (product > std::numeric_limits<std::uint64_t>::max() / extent) return std::nullopt;
    product *= extent;
  }
  return empty ? 0 : product;
}

}  // namespace nb::files
