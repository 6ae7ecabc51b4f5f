#pragma once
// Exact widening of the 16-bit float formats safetensors files use (IEEE 754 binary16 "F16" and
// bfloat16 "BF16"). Every value of both formats is representable in float, so these never round.
#include <bit>
#include <cmath>
#include <cstdint>

namespace nb::gpt2 {

// The float equal to the IEEE 754 binary16 value with bit pattern `bits`. Guarantees: exact for
// normal and subnormal numbers, zeros keep their sign, infinities map to infinities, NaNs to NaNs.
inline float half_to_float(std::uint16_t bits) {
  const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1fu;
  const std::uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0) {
    // Zero or subnormal: mantissa x 2^-24, exact in float.
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

// The float equal to the bfloat16 value with bit pattern `bits` (bfloat16 is the upper half of a
// float). Guarantees: exact for every bit pattern.
inline float bfloat16_to_float(std::uint16_t bits) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

}  // namespace nb::gpt2
