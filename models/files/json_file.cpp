#include "models/files/json_file.hpp"

#include <string_view>

#include "models/files/file_bytes.hpp"
#include "verify/io/json_document.hpp"

namespace nb::files {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  const auto bytes = read_file_bytes(path);
  return parse_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path.string());
}

}  // namespace nb::files
