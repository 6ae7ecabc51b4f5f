#pragma once
// Whole-file reads for the model-input readers: every format reader parses an in-memory buffer,
// so the file is read once and no parser can read past its end.
#include <cstddef>
#include <filesystem>
#include <vector>

namespace nb::files {

// Reads the regular file at `path` completely (nb::read_input_file). Guarantees: the result holds
// exactly the file's bytes. Throws nb::InputError naming `path` if it does not exist, is not a
// regular file, is larger than nb::kMaxInputFileBytes or cannot be read.
std::vector<std::byte> read_file_bytes(const std::filesystem::path& path);

}  // namespace nb::files
