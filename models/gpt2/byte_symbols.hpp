#pragma once
// GPT-2's reversible byte -> printable-character mapping: the BPE vocabulary is written over these
// characters, one per byte, so that no token string contains whitespace or control characters.
// Bytes '!'..'~', 0xA1..0xAC and 0xAE..0xFF map to the code point of the same value; the other 68
// bytes map, in increasing order, to U+0100, U+0101, ... (OpenAI gpt-2 encoder.py, bytes_to_unicode).
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace nb::gpt2 {

// The code point GPT-2 maps byte `b` to. Guarantees: a bijection from [0, 255] onto its image.
char32_t byte_code_point(std::uint8_t b);

// The UTF-8 encoding of byte_code_point(b), for every byte b.
const std::array<std::string, 256>& byte_symbols();

// The byte whose symbol is `code_point`, or std::nullopt if no byte maps to it.
std::optional<std::uint8_t> symbol_byte(char32_t code_point);

}  // namespace nb::gpt2
