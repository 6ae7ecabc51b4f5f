#pragma once
// The theorem folder: the directory of theorem files (theorems/<id>.toml) that every process
// registers beside the theorems stated in C++ (theorems/registry.hpp).
#include <filesystem>
#include <string>
#include <vector>

namespace nb::theorems {

// The environment variable naming the theorem folder; set and empty: no folder.
inline constexpr const char* kTheoremFolderVariable = "NORMBOUND_THEOREM_DIR";

// The theorem folder: $NORMBOUND_THEOREM_DIR when set ("" when set empty: the run leaves the
// folder out), else an installed binary's folder (PREFIX/share/normbound/theorems beside
// PREFIX/bin/normbound) when it exists, else the source tree's theorems/ when it exists. Throws
// InputError when none of them is a folder: a library without its theorem files is not one.
std::string theorem_folder();

// The `*.toml` files of `folder`, in name order (so that every run registers them alike). Throws
// InputError when `folder` is not a folder or cannot be listed.
std::vector<std::filesystem::path> theorem_folder_files(const std::string& folder);

}  // namespace nb::theorems
