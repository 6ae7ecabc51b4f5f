#include "models/files/json_file.hpp"

#include <string>

#include "models/files/file_bytes.hpp"
#include "verify/errors.hpp"

namespace nb::files {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  const auto bytes = read_file_bytes(path);
  const auto* begin = reinterpret_cast<const char*>(bytes.data());
  try {
    return nlohmann::json::parse(begin, begin + bytes.size());
  } catch (const nlohmann::json::exception& e) {  // parse_error, or out_of_range for a number like 1e999
    throw InputError(path.string() + ": not valid JSON (" + e.what() + ")");
  }
}

}  // namespace nb::files
