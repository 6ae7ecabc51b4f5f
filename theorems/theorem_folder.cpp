#include "theorems/theorem_folder.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "verify/io/errors.hpp"

namespace nb::theorems {

namespace fs = std::filesystem;

std::string theorem_folder() {
  if (const char* folder = std::getenv(kTheoremFolderVariable)) return folder;
  std::error_code error;
  // An installed binary finds its folder relative to itself, so that the prefix may move; a
  // build-tree binary has none there and reads the source tree it was built from.
  const fs::path installed =
      fs::read_symlink("/proc/self/exe", error).parent_path() / NORMBOUND_INSTALLED_THEOREM_DIR;
  if (!error && fs::is_directory(installed, error)) return installed.lexically_normal().string();
  if (fs::is_directory(NORMBOUND_DEFAULT_THEOREM_DIR, error)) return NORMBOUND_DEFAULT_THEOREM_DIR;
  throw InputError(std::string("no theorem folder: neither ") + installed.lexically_normal().string() + " nor " +
                   NORMBOUND_DEFAULT_THEOREM_DIR + " is a folder (" + kTheoremFolderVariable +
                   "=DIR names one; set empty, the run has only the theorem files it is given)");
}

std::vector<fs::path> theorem_folder_files(const std::string& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error))
    throw InputError((std::getenv(kTheoremFolderVariable) ? std::string(kTheoremFolderVariable) + " names '"
                                                            : std::string("the theorem folder '")) +
                     folder + "', which is not a folder");
  std::vector<fs::path> files;
  fs::directory_iterator entries(folder, error);
  for (; !error && entries != fs::directory_iterator(); entries.increment(error))
    if (entries->path().extension() == ".toml" && entries->is_regular_file()) files.push_back(entries->path());
  if (error) throw InputError("cannot list the theorem folder '" + folder + "': " + error.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace nb::theorems
