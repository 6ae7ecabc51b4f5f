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
  for (const ReportFile& f : files) write_file_atomically((dir / f.name).string(), f.content);
}

StagedDirectory::StagedDirectory(fs::path target) : target_(std::move(target)) {
  if (!target_.has_filename()) target_ = target_.parent_path();  // "out/report/" -> "out/report"
  const fs::path parent = target_.parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::exists(parent, ec)) fs::create_directories(parent, ec);  // like mkdir -p
  require_writable_directory(parent);
  if (fs::exists(target_, ec) && !(fs::is_directory(target_, ec) && (fs::is_empty(target_, ec) || is_previous_report(target_))))
    throw UsageError("'" + target_.string() +
                     "' exists and is not a report directory; remove it or name another directory for --report");
  staging_ = (parent.empty() ? fs::path(".") : parent) /
             (std::string(".") + target_.filename().string() + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(staging_, ec);
  if (!fs::create_directory(staging_, ec))
    throw InputError("cannot create '" + staging_.string() + "': " + ec.message());
}

StagedDirectory::~StagedDirectory() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

void StagedDirectory::commit() {
  std::error_code ec;
  // A previous report moves aside first, so that the new one can take its name in one rename.
  const fs::path previous = staging_.string() + "-previous";
  const bool replacing = fs::exists(target_, ec);
  if (replacing) {
    fs::rename(target_, previous, ec);
    if (ec) throw InputError("cannot replace '" + target_.string() + "': " + ec.message());
  }
  fs::rename(staging_, target_, ec);
  if (ec) {
    std::error_code restore;
    if (replacing) fs::rename(previous, target_, restore);
    throw InputError("cannot move the report into '" + target_.string() + "': " + ec.message());
  }
  committed_ = true;
  if (replacing) fs::remove_all(previous, ec);
}

}  // namespace nb::reports
