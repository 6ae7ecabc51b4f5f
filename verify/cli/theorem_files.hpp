#pragma once
// Theorems stated in files (theorems/file_theorem.hpp) as the program names them: those of the
// theorem folder, which the registry holds in every process (theorems/registry.hpp), and those
// named by `--theorem-file`; their sources in a run's results and their copies in a report.
#include <string>
#include <string_view>
#include <vector>

#include "reports/report_files.hpp"
#include "verify/engine/theorem.hpp"
#include "verify/results/results.hpp"

namespace nb::cli {

// The argument that makes normbound the child of a thread's exact decisions (not for users: its
// parent talks to it on file descriptor 3); theorems::kTheoremTexts FILE may follow it, FILE
// holding the texts of the theorem files as the parent read them.
inline constexpr std::string_view kServeExactDecisions = "--serve-exact-decisions";

// For tests: the file that add_theorem_files creates once it has read the theorem files, then
// waits until it is removed (verify/cli/theorem_files.cpp).
inline constexpr const char* kPauseAfterReading = "NORMBOUND_TEST_PAUSE_AFTER_READING";

// Reads the theorem folder (if no theorem was looked up yet), then adds the theorems stated in
// `files`, in order (theorems::add_theorem_file: a file of the folder is not added twice). Call it
// before any theorem is evaluated. Returns the theorems of `files`, in order. Throws InputError as
// theorems::add_theorem_file does.
std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files);

// A source "theorem-file" (the path, the SHA-256 of the text read, the theorem's id) for each of
// `run` stated in a file, in order.
std::vector<InputSource> theorem_file_sources(const std::vector<const Theorem*>& run);

// " --theorem-file F" for each of `files`: what a replay command adds so that its theorems are
// registered again (the folder's are registered anyway).
std::string theorem_file_arguments(const std::vector<std::string>& files);

// The directory inside a report that holds copies of the theorem files its run named.
inline constexpr const char* kReportTheoremsDirectory = "theorems";

// The texts of `theorems`' files as the run read them, each named kReportTheoremsDirectory/ID.toml
// (relative to a report), for a report to hold: its replay commands name them.
std::vector<reports::ReportFile> report_theorem_file_copies(const std::vector<const Theorem*>& theorems);

}  // namespace nb::cli
