#pragma once
// JSON read without rounding: a non-integer number becomes the string of its text as written, so
// "0.1" reaches ExactTensor::literal as exactly 1/10 instead of the nearest double.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace nb::sources {

// Parses the JSON document at `path`. Guarantees: structure, strings, booleans, null and integers
// as nlohmann would parse them; every number with a fraction or exponent (or beyond 64-bit
// integers) is a string holding its exact source text. Throws InputError naming `path` and the
// byte offset if the file cannot be read or is not valid JSON.
// `sha256` receives the lower-case hex SHA-256 of the bytes read (results record it), computed as
// they are read.
nlohmann::json read_decimal_json(const std::filesystem::path& path, std::string& sha256);

}  // namespace nb::sources
