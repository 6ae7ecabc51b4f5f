#include "reports/report_output.hpp"

#include <system_error>

#include <unistd.h>

#include "verify/atomic_file.hpp"
#include "verify/errors.hpp"

namespace nb::reports {
namespace fs = std::filesystem;

namespace {

bool is_previous_report(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "results.json", ec) && fs::is_regular_file(dir / "report.md", ec);
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

StagedDirectory::StagedDirectory(fs::path target) : target_(std::move(target)) {
  if (!target_.has_filename()) target_ = target_.parent_path();  // "out/report/" -> "out/report"
  const fs::path base = nearest_existing_directory(target_.parent_path());
  require_writable_directory(base);
  std::error_code ec;
  if (fs::exists(target_, ec) && !(fs::is_directory(target_, ec) && (fs::is_empty(target_, ec) || is_previous_report(target_))))
    throw UsageError("'" + target_.string() +
                     "' exists and is not a report directory; remove it or name another directory for --report");
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

void StagedDirectory::commit() {
  std::error_code ec;
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
