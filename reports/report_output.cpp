#include "reports/report_output.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify/io/atomic_file.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"

namespace nb::reports {
namespace fs = std::filesystem;

namespace {

constexpr const char* kInPlaceStagingPrefix = ".normbound-staging-";

std::string path_text(const fs::path& path) { return "'" + path.string() + "'"; }

// The manifest of the report directory `dir`: the plain names it lists (a line that is not a
// plain relative name, e.g. "../x" in an edited manifest, owns nothing). Empty without one.
std::set<std::string> read_manifest(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir / kReportManifest, ec))) return {};
  const std::string text = read_input_file(dir / kReportManifest);
  std::set<std::string> names;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (report_file_name_is_plain(line)) names.insert(line);
    start = end + 1;
  }
  return names;
}

// The files below `dir` (relative paths, sorted; not directories, not normbound's manifest or
// staging directories) that `owned` does not list.
std::vector<fs::path> foreign_files(const fs::path& dir, const std::set<std::string>& owned) {
  std::vector<fs::path> foreign;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path relative = fs::relative(it->path(), dir);
    if (relative == kReportManifest) continue;
    if (it->is_directory() && !it->is_symlink()) {
      if (it.depth() == 0 && relative.string().starts_with(kInPlaceStagingPrefix)) it.disable_recursion_pending();
      continue;
    }
    if (!owned.count(relative.generic_string())) foreign.push_back(relative);
  }
  std::sort(foreign.begin(), foreign.end());
  return foreign;
}

std::string listed(const std::vector<fs::path>& files) {
  std::string s;
  for (std::size_t i = 0; i < files.size() && i < 3; ++i) s += (i ? ", " : "") + files[i].generic_string();
  if (files.size() > 3) s += ", and " + std::to_string(files.size() - 3) + " more";
  return s;
}

// True if every directory below `dir` leads to a file `owned` lists (as "cases" leads to
// "cases/x.json") or is a staging directory of normbound's: replacing `dir` whole loses nothing
// of the user's when foreign_files is empty too.
bool only_report_directories(const fs::path& dir, const std::set<std::string>& owned) {
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_directory() || it->is_symlink()) continue;
    const std::string relative = fs::relative(it->path(), dir).generic_string();
    if (it.depth() == 0 && relative.starts_with(kInPlaceStagingPrefix)) {
      it.disable_recursion_pending();
      continue;
    }
    const auto leads = [&](const std::string& name) { return name.starts_with(relative + "/"); };
    if (std::none_of(owned.begin(), owned.end(), leads)) return false;
  }
  return true;
}

// The deepest existing directory on the way to `dir` (`dir` itself if it exists; "." for a
// relative path none of whose components exist). Throws OutputError if a component is a file.
fs::path nearest_existing_directory(const fs::path& dir) {
  fs::path existing = dir.empty() ? fs::path(".") : dir;
  std::error_code ec;
  while (!fs::exists(existing, ec)) {
    if (!existing.has_relative_path() || !existing.has_parent_path()) return ".";
    existing = existing.parent_path();
  }
  if (!fs::is_directory(existing, ec))
    throw OutputError("cannot create " + path_text(dir) + ": " + path_text(existing) + " is not a directory");
  return existing;
}

// The relative names of the files below `dir`, sorted.
std::vector<std::string> files_below(const fs::path& dir) {
  std::vector<std::string> names;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it)
    if (!it->is_directory()) names.push_back(fs::relative(it->path(), dir).generic_string());
  std::sort(names.begin(), names.end());
  return names;
}

// True if every directory on the way from `dir` to its file `name` is a real directory or missing,
// not a symbolic link: a file placed or removed there stays inside `dir`.
bool parents_stay_inside(const fs::path& dir, const std::string& name) {
  fs::path at = dir;
  const fs::path parents = fs::path(name).parent_path();
  for (const fs::path& component : parents) {
    at /= component;
    struct stat status {};
    if (::lstat(at.c_str(), &status) != 0) return errno == ENOENT;
    if (!S_ISDIR(status.st_mode)) return false;
  }
  return true;
}

std::string manifest_text(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += name + "\n";
  return text;
}

// Moves `from` to `to` unless `to` exists (atomically: a file created there meanwhile is never
// replaced). Returns false if `to` exists; throws WriteError on any other failure.
bool move_without_replacing(const fs::path& from, const fs::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return true;
  if (errno == EEXIST) return false;
  if (errno != EINVAL && errno != ENOSYS) throw WriteError(path_text(to) + ": " + std::strerror(errno));
  // File systems without RENAME_NOREPLACE: link() refuses an existing name just as atomically.
  if (::link(from.c_str(), to.c_str()) != 0) {
    if (errno == EEXIST) return false;
    throw WriteError(path_text(to) + ": " + std::strerror(errno));
  }
  ::unlink(from.c_str());
  return true;
}

}  // namespace

bool report_file_name_is_plain(const std::string& name) {
  if (name.empty() || name.find('\0') != std::string::npos) return false;
  const fs::path path(name);
  if (path.is_absolute() || path.has_root_name()) return false;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(name.find('/', start), name.size());
    const std::string component = name.substr(start, end - start);
    if (component.empty() || component == "." || component == "..") return false;
    if (end == name.size()) return true;
    start = end + 1;
  }
}

void require_writable_directory(const fs::path& dir) {
  const fs::path d = dir.empty() ? fs::path(".") : dir;
  std::error_code ec;
  if (!fs::is_directory(d, ec)) throw OutputError("cannot write into " + path_text(d) + ": no such directory");
  if (::access(d.c_str(), W_OK | X_OK) != 0)
    throw OutputError("cannot write into " + path_text(d) + ": directory not writable");
}

void write_report_files(const fs::path& dir, const std::vector<ReportFile>& files) {
  std::vector<FileContent> contents;
  for (const ReportFile& f : files) {
    if (!report_file_name_is_plain(f.name))
      throw InputError("the report file name \"" + f.name + "\" would leave " + path_text(dir) +
                       " (a name read from an input must be a plain relative name)");
    contents.push_back({(dir / f.name).string(), f.content});
  }
  write_files_atomically(contents);
}

StagedDirectory::StagedDirectory(fs::path target, bool force) : target_(std::move(target)) {
  if (!target_.has_filename()) target_ = target_.parent_path();  // "out/report/" -> "out/report"
  std::error_code ec;
  if (fs::is_symlink(target_, ec) && !fs::exists(target_, ec))
    throw UsageError(path_text(target_) + " is a symbolic link to nothing; name a directory for the report");
  fs::path staging;
  if (fs::exists(target_, ec)) {
    if (!fs::is_directory(target_, ec))
      throw UsageError(path_text(target_) + " exists and is not a directory; name another directory for the report");
    require_writable_directory(target_);
    in_place_ = true;
    owned_ = read_manifest(target_);
    const std::vector<fs::path> foreign = foreign_files(target_, owned_);
    if (!foreign.empty() && !force)
      throw UsageError(path_text(target_) + " holds files normbound did not write (" + listed(foreign) +
                       "); name another directory, or pass --force to write the report beside them (normbound "
                       "never replaces or removes a file it did not write)");
    const fs::path real = fs::canonical(target_, ec);
    // A report alone in its directory is replaced whole, beside it, where that can be written.
    // Not the working directory or one above it, which would move with the old report.
    const fs::path here = fs::current_path(ec);
    const bool holds_here = !ec && std::mismatch(real.begin(), real.end(), here.begin(), here.end()).first == real.end();
    if (foreign.empty() && !ec && !holds_here && real.has_parent_path() &&
        ::access(real.parent_path().c_str(), W_OK | X_OK) == 0 && only_report_directories(target_, owned_)) {
      in_place_ = false;
      replaced_ = real;
      staging = real.parent_path() / ("." + real.filename().string() + ".tmp-" + std::to_string(::getpid()));
    } else {
      staging = target_ / (kInPlaceStagingPrefix + std::to_string(::getpid()));
    }
  } else {
    const fs::path base = nearest_existing_directory(target_.parent_path());
    require_writable_directory(base);
    staging = base / (std::string(".") + target_.filename().string() + ".tmp-" + std::to_string(::getpid()));
  }
  fs::remove_all(staging, ec);
  staging_.emplace(staging, [&] {
    if (!fs::create_directory(staging, ec)) throw OutputError("cannot create " + path_text(staging) + ": " + ec.message());
  });
}

StagedDirectory::~StagedDirectory() {
  if (committed_ || !staging_) return;
  std::error_code ec;
  fs::remove_all(staging(), ec);
}

void StagedDirectory::write(const std::vector<ReportFile>& files) const {
  for (const ReportFile& f : files) {
    const fs::path parent = fs::path(f.name).parent_path();
    if (parent.empty() || !report_file_name_is_plain(f.name)) continue;  // write_report_files refuses the latter
    std::error_code ec;
    if (!fs::create_directories(staging() / parent, ec) && ec)
      throw OutputError("cannot create " + path_text(staging() / parent) + ": " + ec.message());
  }
  write_report_files(staging(), files);
}

void StagedDirectory::commit() {
  if (in_place_) commit_in_place();
  else if (!replaced_.empty()) commit_by_exchange();
  else commit_new_directory();
  committed_ = true;
}

void StagedDirectory::commit_new_directory() {
  const std::vector<std::string> written = files_below(staging());
  write_report_files(staging(), {{kReportManifest, manifest_text({written.begin(), written.end()})}});
  staging_->publish([&] {
    std::error_code ec;
    // Missing parents are made only now (like mkdir -p), so that a failed run leaves none.
    const fs::path parent = target_.parent_path();
    const fs::path existing = nearest_existing_directory(parent);
    if (!parent.empty() && !fs::exists(parent, ec) && !fs::create_directories(parent, ec))
      throw OutputError("cannot create " + path_text(parent) + ": " + ec.message());
    // rename() would replace an empty directory created meanwhile; the check keeps the user's.
    if (fs::exists(fs::symlink_status(target_, ec)))
      throw UsageError(path_text(target_) + " was created while the report was made; run again to write into it");
    fs::rename(staging(), target_, ec);
    if (ec) {
      std::error_code ignored;
      for (fs::path p = parent; !p.empty() && p != existing && fs::remove(p, ignored);) p = p.parent_path();
      throw WriteError("cannot move the report into " + path_text(target_) + ": " + ec.message());
    }
  });
}

void StagedDirectory::commit_by_exchange() {
  const std::vector<std::string> written = files_below(staging());
  write_report_files(staging(), {{kReportManifest, manifest_text({written.begin(), written.end()})}});
  struct stat old {};
  if (::stat(replaced_.c_str(), &old) == 0) ::chmod(staging().c_str(), old.st_mode & 07777);
  // After the exchange the staging path holds the old report, which an interrupt removes. A file
  // system without RENAME_EXCHANGE (or a directory that cannot move, a mount point) gets the
  // report file by file instead.
  bool exchanged = false;
  staging_->exchange([&] {
    exchanged = ::renameat2(AT_FDCWD, staging().c_str(), AT_FDCWD, replaced_.c_str(), RENAME_EXCHANGE) == 0;
  });
  if (!exchanged) {
    fs::remove(staging() / kReportManifest);  // commit_in_place writes its own
    return commit_in_place();
  }
  // Files of the user's that appeared in the old report while this one was made go back.
  std::vector<std::string> kept;
  for (const fs::path& added : foreign_files(staging(), owned_)) {
    create_output_directories((replaced_ / added).parent_path());
    if (!move_without_replacing(staging() / added, replaced_ / added)) kept.push_back(added.generic_string());
  }
  if (!kept.empty()) {
    const fs::path old_report = staging();
    staging_.reset();  // keeps the old report, which holds the file
    committed_ = true;
    throw UsageError(path_text(target_ / kept.front()) + " appeared while the report was made and normbound did not "
                     "write it; the report is in place and that file is kept in " + path_text(old_report));
  }
  std::error_code ec;
  fs::remove_all(staging(), ec);
}

void StagedDirectory::commit_in_place() {
  const std::vector<std::string> names = files_below(staging());
  // Refused before any change: a file of the user's (not in the manifest) or a directory in the way.
  for (const std::string& name : names) {
    struct stat status {};
    const bool inside = parents_stay_inside(target_, name);
    if (inside && ::lstat((target_ / name).c_str(), &status) != 0) continue;
    if (!inside || S_ISDIR(status.st_mode) || !owned_.count(name))
      throw UsageError(path_text(target_ / name) + " is in the way of the report's " + name +
                       " (a file normbound did not write, a directory, or a link out of the report); move it away "
                       "or name another directory");
  }
  // The manifest first lists everything normbound may have placed, so that an interrupt at any
  // point below leaves no file of normbound's unlisted.
  std::set<std::string> listed_now = owned_;
  listed_now.insert(names.begin(), names.end());
  write_report_files(target_, {{kReportManifest, manifest_text(listed_now)}});
  std::set<std::string> placed;
  std::vector<std::string> refused;  // files of the user's that appeared during the run
  for (const std::string& name : names) {
    const fs::path to = target_ / name;
    create_output_directories(to.parent_path());
    bool moved = true;
    if (owned_.count(name)) {
      std::error_code ec;
      fs::rename(staging() / name, to, ec);
      if (ec) throw WriteError(path_text(to) + ": " + ec.message());
    } else {
      moved = move_without_replacing(staging() / name, to);
    }
    if (moved) placed.insert(name);
    else refused.push_back(name);
  }
  for (const std::string& name : owned_) {
    if (placed.count(name) || !parents_stay_inside(target_, name)) continue;
    struct stat status {};
    if (::lstat((target_ / name).c_str(), &status) == 0 && !S_ISDIR(status.st_mode)) ::unlink((target_ / name).c_str());
  }
  write_report_files(target_, {{kReportManifest, manifest_text(placed)}});
  std::error_code ec;
  fs::remove_all(staging(), ec);
  if (!refused.empty())
    throw UsageError(path_text(target_ / refused.front()) + " appeared while the report was made and normbound did not "
                     "write it; it is kept, and the report's " + refused.front() + " is missing");
}

}  // namespace nb::reports
