#pragma once
// Putting report files on disk so that no reader ever sees a half-written report: single files go
// through a temporary name and a rename; a report directory is built under a temporary sibling
// name and renamed into place whole.
#include <filesystem>
#include <vector>

#include <optional>

#include "reports/report_files.hpp"
#include "verify/pending_output.hpp"

namespace nb::reports {

// Throws InputError naming `dir` unless it is an existing, writable directory (as
// write_file_atomically does for a file: exit status 65 at the CLI).
void require_writable_directory(const std::filesystem::path& dir);

// Writes `files` into the existing directory `dir` with write_files_atomically: all or none of
// them. Throws InputError if `dir` is not a writable directory or a write fails (a full disk);
// then none of the files is written.
void write_report_files(const std::filesystem::path& dir, const std::vector<ReportFile>& files);

// A report directory under construction. The constructor creates an empty staging directory
// ".NAME.tmp-PID" in the parent of `target`, or in its deepest existing ancestor when the parent
// is missing; commit() creates the missing parents and renames the staging directory to `target`,
// replacing a previous report directory there (one holding results.json and report.md). Until
// then nothing else is created and `target` is untouched; if commit() is never reached, the
// destructor removes the staging directory, and so does SIGINT/SIGTERM (PendingOutput).
class StagedDirectory {
 public:
  // Throws InputError if the parent (or, when missing, its deepest existing ancestor) is not a
  // writable directory or a component of the path is a file, UsageError if `target` exists and
  // is neither an empty directory nor a previous report directory (the command line names a
  // place that is not the report's to replace).
  explicit StagedDirectory(std::filesystem::path target);
  ~StagedDirectory();
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;

  // Where to write the report's files now.
  const std::filesystem::path& staging() const { return staging_->path(); }
  // The final location (as given, without a trailing separator).
  const std::filesystem::path& target() const { return target_; }
  // Moves the staged directory into place. Throws InputError if a parent cannot be created or the
  // rename fails (then `target` keeps its previous content and no parent is left created).
  void commit();

 private:
  std::filesystem::path target_;
  std::optional<PendingOutput> staging_;
  bool committed_ = false;
};

}  // namespace nb::reports
