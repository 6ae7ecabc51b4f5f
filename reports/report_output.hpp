#pragma once
// Putting report files on disk so that no reader ever sees a half-written file and nothing of the
// user's is lost: single files go through a temporary name and a rename; a new report directory
// is built under a temporary sibling name and renamed into place whole; an existing one is
// updated file by file, under the manifest of what normbound wrote there.
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "reports/report_files.hpp"
#include "verify/io/pending_output.hpp"

namespace nb::reports {

// Throws OutputError naming `dir` unless it is an existing, writable directory (exit status 73 at
// the CLI).
void require_writable_directory(const std::filesystem::path& dir);

// Writes `files` (names relative to `dir`) into `dir` with write_files_atomically: all or none of
// them. Throws InputError if a name is not a plain relative path (report_file_name_is_plain),
// OutputError or WriteError as write_files_atomically does; then none of the files is written.
void write_report_files(const std::filesystem::path& dir, const std::vector<ReportFile>& files);

// The file in a report directory that lists, one relative path a line, every file normbound wrote
// there: what a later report into the same directory may replace or remove. Everything else in
// the directory is the user's, and normbound never removes or replaces it.
inline constexpr const char* kReportManifest = ".normbound-files";

// A report directory under construction, in one of two ways.
// - `target` does not exist: the constructor creates an empty staging directory ".NAME.tmp-PID"
//   in the parent of `target` (or in its deepest existing ancestor when the parent is missing);
//   commit() creates the missing parents and renames the staging directory to `target`, so that
//   the report appears whole.
// - `target` is a directory (or a symbolic link to one, which stays a link) that holds only a
//   previous report (the files its manifest lists and their directories): the new report is
//   staged whole in ".NAME.tmp-PID" beside the directory and commit() exchanges the two in one
//   step (renameat2 RENAME_EXCHANGE; where the file system has none, two renames), then removes
//   the old report, after moving back any file added to it while the report was made. Under any
//   signal the directory holds the old report or the new one, whole.
// - `target` is a directory that holds files normbound did not write (with `force`): the files are
//   staged in ".normbound-staging-PID" inside it and commit() moves them in one by one (each file
//   atomically), replaces or removes only files its manifest lists, and leaves every other file
//   and every directory byte for byte as it was, including files added while the report was made.
// Until commit() nothing else is created or changed; if commit() is never reached, the destructor
// removes the staging directory, and so does SIGINT/SIGTERM (PendingOutput).
class StagedDirectory {
 public:
  // Throws OutputError if the parent (or, when missing, its deepest existing ancestor) or the
  // existing `target` is not a writable directory or a component of the path is a file;
  // UsageError if `target` exists and is not a directory, or holds files normbound did not write
  // and `force` is false (the command line names a place that is not the report's alone).
  explicit StagedDirectory(std::filesystem::path target, bool force = false);
  ~StagedDirectory();
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;

  // Where to write the report's files now.
  const std::filesystem::path& staging() const { return staging_->path(); }
  // Writes `files` (names relative to the report, subdirectories made as needed) into the staging
  // directory with write_report_files.
  void write(const std::vector<ReportFile>& files) const;
  // The final location (as given, without a trailing separator).
  const std::filesystem::path& target() const { return target_; }
  // Puts the staged report in place with its manifest. Throws UsageError, before any change, if a
  // file of the new report would replace a file in `target` that the manifest does not list (or a
  // directory), and after placing the others if such a file appeared during the run; OutputError
  // or WriteError if a parent cannot be created or a move fails. Whatever happens, the manifest
  // in `target` lists every file normbound placed there and nothing else of the user's.
  void commit();

 private:
  void commit_new_directory();
  void commit_by_exchange();
  void commit_in_place();

  std::filesystem::path target_;
  std::filesystem::path replaced_;  // the directory `target` names, when the new report replaces it whole
  bool in_place_ = false;          // `target` holds files of the user's: its files are replaced one by one
  std::set<std::string> owned_;    // `target`'s manifest: the files a previous report wrote
  std::optional<PendingOutput> staging_;
  bool committed_ = false;
};

// True if `name` is a relative path of plain components (none empty, "." or ".."): a file that
// stays inside the directory it is joined to. Names read from inputs (a results file's case
// files) go through it before anything is written under them.
bool report_file_name_is_plain(const std::string& name);

}  // namespace nb::reports
