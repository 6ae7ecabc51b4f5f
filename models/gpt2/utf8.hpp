#pragma once
// UTF-8 encoding and decoding of single code points (the byte-symbol alphabet of GPT-2's
// vocabulary is written in UTF-8).
#include <cstddef>
#include <string>
#include <string_view>

namespace nb::gpt2 {

// The UTF-8 encoding of `code_point` (1 to 4 bytes). Requires code_point <= U+10FFFF.
std::string encode_utf8(char32_t code_point);

// Decodes the code point starting at text[position] and advances position past it.
// Requires `text` to be valid UTF-8 and position < text.size() (callers pass text that a JSON
// parser or PCRE2 has validated).
char32_t decode_utf8(std::string_view text, std::size_t& position);

// The byte offset of the first byte of `text` that does not begin or continue a well-formed UTF-8
// sequence (overlong forms, surrogates and code points above U+10FFFF included), or
// std::string_view::npos if `text` is valid UTF-8.
std::size_t invalid_utf8_offset(std::string_view text);

}  // namespace nb::gpt2
