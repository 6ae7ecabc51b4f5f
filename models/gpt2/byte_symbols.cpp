#include "models/gpt2/byte_symbols.hpp"

#include "models/gpt2/utf8.hpp"

namespace nb::gpt2 {
namespace {

bool maps_to_itself(unsigned b) { return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE); }

}  // namespace

char32_t byte_code_point(std::uint8_t b) {
  if (maps_to_itself(b)) return b;
  char32_t next = 0x100;
  for (unsigned other = 0; other < b; ++other) {
    if (!maps_to_itself(other)) ++next;
  }
  return next;
}

const std::array<std::string, 256>& byte_symbols() {
  static const auto symbols = [] {
    std::array<std::string, 256> s;
    for (unsigned b = 0; b < 256; ++b) s[b] = encode_utf8(byte_code_point(static_cast<std::uint8_t>(b)));
    return s;
  }();
  return symbols;
}

std::optional<std::uint8_t> symbol_byte(char32_t code_point) {
  static const auto inverse = [] {
    std::array<std::int16_t, 0x200> table;
    table.fill(-1);
    for (unsigned b = 0; b < 256; ++b) table[byte_code_point(static_cast<std::uint8_t>(b))] = static_cast<std::int16_t>(b);
    return table;
  }();
  if (code_point >= inverse.size() || inverse[code_point] < 0) return std::nullopt;
  return static_cast<std::uint8_t>(inverse[code_point]);
}

}  // namespace nb::gpt2
