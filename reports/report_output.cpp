#include "reports/report_output.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <system_error>

#include <unistd.h>

#include "verify/atomic_file.hpp"
#include "verify/errors.hpp"

namespace nb::reports {
namespace fs = std::filesystem;

namespace {

// Files of a report written before manifests existed: what such a report held.
bool owned_without_manifest(const fs::path& relative) {
  const std::string name = relative.filename().string(), parent = relative.parent_path().string();
  if (parent.empty())
    return name == "results.json" || name == "report.md" || name == "report.tex" || relative.extension() == ".svg";
  return parent == "cases" && relative.extension() == ".json";
}

// The files below `dir` (relative paths, sorted) that normbound did not write there.
std::vector<fs::path> foreign_files(const fs::path& dir) {
  std::set<std::string> manifest;
  std::ifstream in(dir / kReportManifest);
  const bool has_manifest = static_cast<bool>(in);
  for (std::string line; std::getline(in, line);) manifest.insert(line);
  std::vector<fs::path> foreign;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && !it->is_symlink()) continue;
    const fs::path relative = fs::relative(it->path(), dir);
    if (relative == kReportManifest) continue;
    const bool owned = has_manifest ? manifest.count(relative.generic_string()) > 0 : owned_without_manifest(relative);
    if (!owned) foreign.push_back(relative);
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

// The deepest existing directory on the way to `dir` (`dir` itself if it exists; "." for a
// relative path none of whose components exist). Throws InputError if a component is a file.
fs::path nearest_existing_directory(const fs::path& dir) {
  fs::path existing = dir.empty() ? fs::path(".") : dir;
  std::error_code ec;
  while (!fs::exists(existing, ec)) {
    if (!existing.has_relative_path() || !existing.has_parent_path()) return ".";
    existing = existing.parent_path();
  }
  if (!fs::is_directory(existing, ec))
    throw InputError("cannot create '" + dir.string() + "': '" + existing.string() + "' is not a directory");
  return existing;
}

}  // namespace

void require_writable_directory(const fs::path& dir) {
  const fs::path d = dir.empty() ? fs::path(".") : dir;
  std::error_code ec;
  if (!fs::is_directory(d, ec)) throw InputError("cannot write into '" + d.string() + "': no such directory");
  if (::access(d.c_str(), W_OK | X_OK) != 0)
    throw InputError("cannot write into '" + d.string() + "': directory not writable");
}

void write_report_files(const fs::path& dir, const std::vector<ReportFile>& files) {
  require_writable_directory(dir);
  std::vector<FileContent> contents;
  for (const ReportFile& f : files) contents.push_back({(dir / f.name).string(), f.content});
  write_files_atomically(contents);
}

StagedDirectory::StagedDirectory(fs::path target, bool force) : target_(std::move(target)) {
  if (!target_.has_filename()) target_ = target_.parent_path();  // "out/report/" -> "out/report"
  const fs::path base = nearest_existing_directory(target_.parent_path());
  require_writable_directory(base);
  std::error_code ec;
  if (fs::exists(target_, ec)) {
    if (!fs::is_directory(target_, ec))
      throw UsageError("'" + target_.string() + "' exists and is not a directory; name another directory for --report");
    foreign_ = foreign_files(target_);
    if (!foreign_.empty() && !force)
      throw UsageError("'" + target_.string() + "' holds files normbound did not write (" + listed(foreign_) +
                       "); name another directory, or pass --force to replace only normbound's own files there");
  }
  const fs::path staging =
      base / (std::string(".") + target_.filename().string() + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(staging, ec);
  staging_.emplace(staging, [&] {
    if (!fs::create_directory(staging, ec))
      throw InputError("cannot create '" + staging.string() + "': " + ec.message());
  });
}

StagedDirectory::~StagedDirectory() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(staging(), ec);
}

void StagedDirectory::write(const std::vector<ReportFile>& files) const {
  for (const ReportFile& f : files) {
    const fs::path parent = fs::path(f.name).parent_path();
    std::error_code ec;
    if (!parent.empty() && !fs::create_directories(staging() / parent, ec) && ec)
      throw InputError("cannot create '" + (staging() / parent).string() + "': " + ec.message());
  }
  write_report_files(staging(), files);
}

void StagedDirectory::commit() {
  std::error_code ec;
  // The manifest lists what this report wrote; the user's files are copied (not moved), so that an
  // interrupt before the rename below loses nothing.
  std::set<std::string> written;
  for (auto it = fs::recursive_directory_iterator(staging()); it != fs::recursive_directory_iterator(); ++it)
    if (!it->is_directory()) written.insert(fs::relative(it->path(), staging()).generic_string());
  std::string manifest;
  for (const std::string& name : written) manifest += name + "\n";
  write_report_files(staging(), {{kReportManifest, manifest}});
  for (const fs::path& f : foreign_) {
    if (fs::exists(staging() / f, ec)) continue;  // the new report writes a file of that name
    fs::create_directories((staging() / f).parent_path(), ec);
    fs::copy(target_ / f, staging() / f, fs::copy_options::copy_symlinks, ec);
    if (ec) throw InputError("cannot keep '" + (target_ / f).string() + "' in the new report: " + ec.message());
  }
  // A previous report moves aside first, so that the new one can take its name in one rename; it
  // is removed afterwards, or by the interrupt clean-up should the run be stopped before then.
  const PendingOutput previous(staging().string() + "-previous", [] {});
  staging_->publish([&] {
    // Missing parents are made only now (like mkdir -p), so that a failed run leaves none.
    const fs::path parent = target_.parent_path();
    const fs::path existing = nearest_existing_directory(parent);
    auto remove_made_parents = [&] {
      std::error_code ignored;
      for (fs::path p = parent; !p.empty() && p != existing && fs::remove(p, ignored);) p = p.parent_path();
    };
    if (!parent.empty() && !fs::exists(parent, ec) && !fs::create_directories(parent, ec))
      throw InputError("cannot create '" + parent.string() + "': " + ec.message());
    const bool replacing = fs::exists(target_, ec);
    if (replacing) {
      fs::rename(target_, previous.path(), ec);
      if (ec) throw InputError("cannot replace '" + target_.string() + "': " + ec.message());
    }
    fs::rename(staging(), target_, ec);
    if (ec) {
      std::error_code restore;
      if (replacing) fs::rename(previous.path(), target_, restore);
      remove_made_parents();
      throw InputError("cannot move the report into '" + target_.string() + "': " + ec.message());
    }
  });
  committed_ = true;
  fs::remove_all(previous.path(), ec);
}

}  // namespace nb::reports
