#pragma once
#include <string>

namespace nb {

// Writes `content` to `path` through a temporary file in the same directory and a rename, so a
// reader sees either the old file or the complete new one, never a half-written file. Throws
// InputError naming the path when the directory is missing or not writable.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace nb
