#pragma once
#include <string>
#include <vector>

namespace nb {

struct FileContent {
  std::string path;
  std::string content;
};

// Writes every file of `files` to a temporary name in its directory first and renames them into
// place only when all are written, so a reader sees either the old files or the complete new
// ones, never a half-written file, and a failure while writing (a missing or read-only
// directory, a full disk) leaves none of the new files. Temporaries are removed on failure and on
// SIGINT/SIGTERM (PendingOutput). Throws InputError naming the path that could not be written. A
// rename that fails (rare: each temporary is in its target's directory) leaves the files renamed
// before it in place.
void write_files_atomically(const std::vector<FileContent>& files);

// write_files_atomically for one file.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace nb
