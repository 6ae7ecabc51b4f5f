#pragma once
// Putting report files on disk so that no reader ever sees a half-written report: single files go
// through a temporary name and a rename; a report directory is built under a temporary sibling
// name and renamed into place whole.
#include <filesystem>
#include <vector>

#include "reports/report_files.hpp"

namespace nb::reports {

// Throws InputError naming `dir` unless it is an existing, writable directory (as
// write_file_atomically does for a file: exit status 65 at the CLI).
void require_writable_directory(const std::filesystem::path& dir);

// Writes `files` into the existing directory `dir`, in order, each with write_file_atomically.
// Throws InputError if `dir` is not a writable directory (nothing written) or a write fails (files
// already written stay complete).
void write_report_files(const std::filesystem::path& dir, const std::vector<ReportFile>& files);

// A report directory under construction. The constructor creates an empty staging directory next
// to `target`; commit() renames it to `target`, replacing a previous report directory there (one
// holding results.json and report.md). Until then `target` is untouched; if commit() is never
// reached the destructor removes the staging directory.
class StagedDirectory {
 public:
  // Creates the parent of `target` if missing. Throws InputError if the parent is not a writable
  // directory, UsageError if `target` exists and is neither an empty directory nor a previous
  // report directory (the command line names a place that is not the report's to replace).
  explicit StagedDirectory(std::filesystem::path target);
  ~StagedDirectory();
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;

  // Where to write the report's files now.
  const std::filesystem::path& staging() const { return staging_; }
  // The final location (as given, without a trailing separator).
  const std::filesystem::path& target() const { return target_; }
  // Moves the staged directory into place. Throws InputError if the rename fails (then `target`
  // keeps its previous content).
  void commit();

 private:
  std::filesystem::path target_, staging_;
  bool committed_ = false;
};

}  // namespace nb::reports
