#pragma once
// Every JSON input (case files, results files, file sources, attention dumps, config.json,
// vocab.json, safetensors headers) is parsed here, with a nesting limit. nlohmann's parser is
// iterative, but dump(), copies and comparisons recurse once per level: a few hundred kilobytes of
// "[[[[..." would overflow the stack in an error message. No normbound input nests deeper than
// about ten levels.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace nb {

// The deepest nesting of arrays and objects accepted in any JSON input.
inline constexpr std::size_t kMaxJsonDepth = 256;

// Throws InputError naming `source`, the limit and the byte offset if `text` opens more than
// kMaxJsonDepth arrays or objects at once (brackets inside strings do not count). For parsers
// that build their own document (SAX handlers) before they parse; parse_json calls it itself.
void require_json_depth(std::string_view text, const std::string& source);

// Parses `text` as one JSON document, after require_json_depth. `callback`, if given, is
// nlohmann's parser callback (it may throw InputError itself). Throws InputError
// "<source>: not valid JSON (<position and reason>)" on a syntax error, invalid UTF-8 or a number
// beyond the range of double.
nlohmann::json parse_json(std::string_view text, const std::string& source,
                          const nlohmann::json::parser_callback_t& callback = nullptr);

}  // namespace nb
