#include "models/files/file_bytes.hpp"

#include <string>

#include "verify/io/input_file.hpp"

namespace nb::files {

std::vector<std::byte> read_file_bytes(const std::filesystem::path& path) {
  const std::string text = read_input_file(path);
  const auto* first = reinterpret_cast<const std::byte*>(text.data());
  return {first, first + text.size()};
}

}  // namespace nb::files
