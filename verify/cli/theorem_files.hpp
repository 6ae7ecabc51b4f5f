#pragma once
// Theorems stated in files (theorems/file_theorem.hpp): those of the theorem folder, registered
// in every run beside the built-in ones, and those named by `--theorem-file`; added to the
// registry of this process and of the fresh children that decide claims exactly.
#include <string>
#include <string_view>
#include <vector>

#include "reports/report_files.hpp"
#include "verify/engine/theorem.hpp"
#include "verify/results/results.hpp"

namespace nb::cli {

// The argument that makes normbound the child of a thread's exact decisions (not for users: its
// parent talks to it on file descriptor 3); `kTheoremTexts FILE` may follow it, FILE holding the
// texts of the theorem files as the parent read them.
inline constexpr std::string_view kServeExactDecisions = "--serve-exact-decisions";
inline constexpr std::string_view kTheoremTexts = "--theorem-texts";

// For tests: the file that add_theorem_files creates once it has read the theorem files, then
// waits until it is removed (verify/cli/theorem_files.cpp).
inline constexpr const char* kPauseAfterReading = "NORMBOUND_TEST_PAUSE_AFTER_READING";

// A theorem file as the run read it: its path as given, its text and that text's SHA-256, and the
// theorem it states.
struct TheoremFileRead {
  std::string path, text, sha256;
  const Theorem* theorem = nullptr;
};

// The environment variable naming the theorem folder; set and empty: no folder.
inline constexpr const char* kTheoremFolderVariable = "NORMBOUND_THEOREM_DIR";

// The theorem folder: $NORMBOUND_THEOREM_DIR when set (empty when set empty), else an installed
// binary's folder (PREFIX/share/normbound/theorems beside PREFIX/bin/normbound) when it exists,
// else the source tree's theorems when it exists, else empty.
std::string theorem_folder();

// Adds the theorems of the theorem folder's `*.toml` files (in name order; once per process),
// then those stated in `files`, in order, and makes the children of exact decisions fresh
// normbound processes that add them too. Each file is read once: its text, as read then, is what
// every tier and every child evaluates (a child reads it from a sealed copy in memory, also when
// it starts after the file changed). A file of `files` that is one of the folder's is not
// added twice. Call it before any theorem is evaluated. Returns the theorems of `files`, in
// order. Throws InputError as theorems::read_theorem_file and theorems::add do, and when
// $NORMBOUND_THEOREM_DIR names no folder.
std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files);

// The file of the theorem folder that states the theorem `id`, or "" when none does (call
// add_theorem_files first).
std::string theorem_folder_file(const std::string& id);

// The file that states `theorem`, as read; nullptr for a theorem stated in C++.
const TheoremFileRead* theorem_file_read(const Theorem& theorem);

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

// What a fresh child of exact decisions does with the arguments after kServeExactDecisions
// (kTheoremTexts FILE): adds the theorems of the texts in FILE.
void add_theorem_files_of_child(int argc, char** argv);

}  // namespace nb::cli
