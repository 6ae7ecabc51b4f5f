#pragma once
// Writing output files: all or none of a set, never half a file, never anything but the named
// file. A name that is a symbolic link writes the file the link points to (the link stays); a
// device, FIFO or socket is written directly (replacing it by a regular file would, run as root
// on /dev/null, break the system); a directory is refused.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace nb {

struct FileContent {
  std::string path;
  std::string content;
};

// Writes every file of `files`. A regular file (or a missing one) is written to a temporary name
// beside it first and renamed into place only when every file is written, so that a reader sees
// either the old files or the complete new ones, never a half-written file; a replaced file keeps
// its permission bits. A device, FIFO or socket at the path (or at the end of its links) is opened
// and written directly, after every temporary is complete and before the renames (a FIFO that no
// process reads is refused: its open does not wait). Temporaries are removed on failure and on SIGINT/SIGTERM
// (PendingOutput). Throws OutputError naming the path if it is a directory, its directory is
// missing or not writable, it cannot be opened, or it is a FIFO without a reader; WriteError naming the path and the system's
// reason if a write fails (a full disk). On either, no regular file of `files` has been replaced;
// a rename that fails (rare: each temporary is in its target's directory) leaves the files renamed
// before it in place.
void write_files_atomically(const std::vector<FileContent>& files);

// write_files_atomically for one file.
void write_file_atomically(const std::string& path, const std::string& content);

// Content made piece by piece: calls `write` with each piece in turn, so that a file larger than
// memory can be written (every outcome of a run over a model's rows).
using ContentPieces = std::function<void(const std::function<void(const std::string&)>& write)>;

// write_file_atomically of the content `pieces` makes, with the same guarantees.
void write_file_atomically(const std::string& path, const ContentPieces& pieces);

// Creates `dir` and its missing parents, for outputs placed there (like mkdir -p). Throws
// OutputError naming `dir` and the system's reason if that fails or a component is a file.
void create_output_directories(const std::filesystem::path& dir);

}  // namespace nb
