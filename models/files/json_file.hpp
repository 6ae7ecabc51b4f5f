#pragma once
// JSON documents read from disk (config.json, vocab.json, attention dumps).
#include <filesystem>

#include <nlohmann/json.hpp>

namespace nb::files {

// Reads and parses the JSON document at `path`. Guarantees: returns the parsed document (any JSON
// value; callers check its shape). Throws nb::InputError naming `path` if the file cannot be read
// or is not valid JSON (including invalid UTF-8 inside strings and numbers beyond the
// range of double), or nests deeper than kMaxJsonDepth (see parse_json).
nlohmann::json read_json_file(const std::filesystem::path& path);

}  // namespace nb::files
