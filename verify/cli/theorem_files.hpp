#pragma once
// `--theorem-file`: theorems stated in files (theorems/file_theorem.hpp), added to the registry
// of this process and of the fresh children that decide claims exactly.
#include <string>
#include <string_view>
#include <vector>

#include "verify/theorem.hpp"

namespace nb::cli {

// The argument that makes normbound the child of a thread's exact decisions (not for users: its
// parent talks to it on file descriptor 3); `--theorem-file FILE` arguments may follow it.
inline constexpr std::string_view kServeExactDecisions = "--serve-exact-decisions";

// Adds the theorems stated in `files`, in order, and makes the children of exact decisions fresh
// normbound processes that add them too. Call it before any theorem is evaluated. Returns the
// theorems, in order. Throws InputError as theorems::read_theorem_file and theorems::add do.
std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files);

// What a fresh child of exact decisions does with the arguments after kServeExactDecisions
// (`--theorem-file FILE` pairs): adds those theorems.
void add_theorem_files_of_child(int argc, char** argv);

}  // namespace nb::cli
