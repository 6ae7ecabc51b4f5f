#include "verify/io/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify/io/errors.hpp"
#include "verify/io/pending_output.hpp"

namespace nb {
namespace fs = std::filesystem;
namespace {

std::string output_name(const fs::path& path) { return "'" + path.string() + "'"; }

// Where a write to a named path lands.
struct OutputTarget {
  fs::path path;               // the file itself: the end of the name's symbolic links
  bool direct = false;         // a device, FIFO or socket: opened and written in place
  std::optional<mode_t> mode;  // the permission bits of the regular file replaced
};

OutputTarget output_target(const std::string& name) {
  struct stat status {};
  // A name whose end is not a regular file is written through the name itself: /dev/stdout and
  // /dev/fd/N are links whose text is no path ("pipe:[123]"), but open() follows them.
  if (::stat(name.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) throw OutputError(output_name(name) + " is a directory; name a file");
    if (!S_ISREG(status.st_mode)) return {name, true, std::nullopt};
  }
  fs::path path = name;
  for (int links = 0;; ++links) {
    if (::lstat(path.c_str(), &status) != 0) {
      if (errno == ENOENT) return {path, false, std::nullopt};
      throw OutputError(output_name(name) + ": " + std::strerror(errno));
    }
    if (!S_ISLNK(status.st_mode)) return {path, false, status.st_mode & 07777};
    if (links == 40) throw OutputError(output_name(name) + ": too many levels of symbolic links");
    const fs::path target = fs::read_symlink(path);
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
}

// Writes all of `content` to `fd`; throws WriteError naming `path` on failure.
void write_all(int fd, const std::string& content, const fs::path& path) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ::ssize_t wrote = ::write(fd, content.data() + done, content.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) throw WriteError(output_name(path) + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(wrote);
  }
}

// Writes the pieces of `content` to the open `fd` and closes it (close reports a full disk on some
// file systems); throws WriteError naming `path` on failure, with `fd` closed.
void write_and_close(int fd, const ContentPieces& content, const fs::path& path) {
  try {
    content([&](const std::string& piece) { write_all(fd, piece, path); });
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw WriteError(output_name(path) + ": " + std::strerror(errno));
}

// Opens a device, FIFO or socket `path` for writing. Opening a FIFO that no process reads would
// wait for a reader forever, so the open does not wait (O_NONBLOCK) and such a FIFO is refused;
// the writes that follow wait as usual.
int open_in_place(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0 && errno == ENXIO)
    throw OutputError(output_name(path) + " is a FIFO that no process reads; start its reader first, or name a file");
  if (fd < 0) throw OutputError(output_name(path) + ": " + std::strerror(errno));
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

// A file named by `path` and made by `content`.
struct FilePieces {
  std::string path;
  ContentPieces content;
};

void write_pieces_atomically(const std::vector<FilePieces>& files) {
  std::vector<OutputTarget> targets;
  for (const FilePieces& f : files) targets.push_back(output_target(f.path));
  std::vector<std::unique_ptr<PendingOutput>> temporaries(files.size());
  auto remove_temporaries = [&](std::size_t first) {
    for (std::size_t i = first; i < temporaries.size(); ++i)
      if (temporaries[i]) std::remove(temporaries[i]->path().c_str());
  };
  try {
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (targets[i].direct) continue;
      const fs::path tmp = targets[i].path.string() + ".tmp." + std::to_string(::getpid());
      int fd = -1;
      temporaries[i] = std::make_unique<PendingOutput>(tmp, [&] {
        ::unlink(tmp.c_str());  // a stale temporary of an earlier process with this id
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0) throw OutputError(output_name(files[i].path) + ": " + std::strerror(errno));
      });
      if (targets[i].mode) ::fchmod(fd, *targets[i].mode);
      write_and_close(fd, files[i].content, files[i].path);
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (!targets[i].direct) continue;
      write_and_close(open_in_place(targets[i].path), files[i].content, files[i].path);
    }
  } catch (...) {
    remove_temporaries(0);
    throw;
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!temporaries[i]) continue;
    std::error_code ec;
    temporaries[i]->publish([&] { fs::rename(temporaries[i]->path(), targets[i].path, ec); });
    if (ec) {
      remove_temporaries(i);
      throw WriteError(output_name(files[i].path) + ": " + ec.message());
    }
  }
}

}  // namespace

void write_files_atomically(const std::vector<FileContent>& files) {
  std::vector<FilePieces> pieces;
  for (const FileContent& f : files)
    pieces.push_back({f.path, [&f](const std::function<void(const std::string&)>& write) { write(f.content); }});
  write_pieces_atomically(pieces);
}

void write_file_atomically(const std::string& path, const std::string& content) {
  write_files_atomically({{path, content}});
}

void write_file_atomically(const std::string& path, const ContentPieces& pieces) {
  write_pieces_atomically({{path, pieces}});
}

void create_output_directories(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw OutputError(output_name(dir) + ": " + ec.message());
}

}  // namespace nb
