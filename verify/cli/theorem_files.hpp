#pragma once
// Theorems stated in files (theorems/file_theorem.hpp): those of the theorem folder, registered
// in every run beside the built-in ones, and those named by `--theorem-file`; added to the
// registry of this process and of the fresh children that decide claims exactly.
#include <string>
#include <string_view>
#include <vector>

#include "verify/engine/theorem.hpp"

namespace nb::cli {

// The argument that makes normbound the child of a thread's exact decisions (not for users: its
// parent talks to it on file descriptor 3); `--theorem-file FILE` arguments may follow it.
inline constexpr std::string_view kServeExactDecisions = "--serve-exact-decisions";

// The environment variable naming the theorem folder; set and empty: no folder.
inline constexpr const char* kTheoremFolderVariable = "NORMBOUND_THEOREM_DIR";

// The theorem folder: $NORMBOUND_THEOREM_DIR when set (empty when set empty), else an installed
// binary's folder (PREFIX/share/normbound/theorems beside PREFIX/bin/normbound) when it exists,
// else the source tree's theorems/specs when it exists, else empty.
std::string theorem_folder();

// Adds the theorems of the theorem folder's `*.toml` files (in name order; once per process),
// then those stated in `files`, in order, and makes the children of exact decisions fresh
// normbound processes that add them too. A file of `files` that is one of the folder's is not
// added twice. Call it before any theorem is evaluated. Returns the theorems of `files`, in
// order. Throws InputError as theorems::read_theorem_file and theorems::add do, and when
// $NORMBOUND_THEOREM_DIR names no folder.
std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files);

// The file of the theorem folder that states the theorem `id`, or "" when none does (call
// add_theorem_files first).
std::string theorem_folder_file(const std::string& id);

// " --theorem-file F" for each of `files`: what a replay command adds so that its theorems are
// registered again (the folder's are registered anyway).
std::string theorem_file_arguments(const std::vector<std::string>& files);

// What a fresh child of exact decisions does with the arguments after kServeExactDecisions
// (`--theorem-file FILE` pairs): adds those theorems.
void add_theorem_files_of_child(int argc, char** argv);

}  // namespace nb::cli
