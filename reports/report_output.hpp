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

// The file in a report directory that lists, one relative path a line, every file normbound wrote
// there: what a later --report may replace. Everything else in the directory is the user's.
inline constexpr const char* kReportManifest = ".normbound-files";

// A report directory under construction. The constructor creates an empty staging directory
// ".NAME.tmp-PID" in the parent of `target`, or in its deepest existing ancestor when the parent
// is missing; commit() creates the missing parents and renames the staging directory to `target`.
// A previous report at `target` is replaced; files in it that normbound did not write (not in its
// manifest; a report written before manifests existed owns results.json, report.md, report.tex,
// *.svg and cases/*.json) are refused, or with `force` carried over into the new report untouched. Until
// commit() nothing else is created and `target` is untouched; if commit() is never reached, the
// destructor removes the staging directory, and so does SIGINT/SIGTERM (PendingOutput).
class StagedDirectory {
 public:
  // Throws InputError if the parent (or, when missing, its deepest existing ancestor) is not a
  // writable directory or a component of the path is a file, UsageError if `target` exists and
  // is not a directory, or holds files normbound did not write and `force` is false (the command
  // line names a place that is not the report's to replace).
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
  // Writes the manifest, copies the user's files of a previous report (with `force`) and moves
  // the staged directory into place. Throws InputError if a parent cannot be created, a copy or
  // the rename fails (then `target` keeps its previous content and no parent is left created).
  void commit();

 private:
  std::filesystem::path target_;
  std::vector<std::filesystem::path> foreign_;  // files in `target` normbound did not write
  std::optional<PendingOutput> staging_;
  bool committed_ = false;
};

}  // namespace nb::reports
