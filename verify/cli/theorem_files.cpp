#include "verify/cli/theorem_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"
#include "verify/engine/exact_decision_in_child.hpp"

namespace nb::cli {
namespace {

namespace fs = std::filesystem;

// The `*.toml` files of `folder`, in name order (so that every run lists them alike).
std::vector<fs::path> folder_files(const std::string& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error))
    throw InputError(std::string(kTheoremFolderVariable) + " names '" + folder + "', which is not a folder");
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".toml" && entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The theorem files added so far: the folder's by canonical path, and the arguments of the children
// of exact decisions, which add them all.
struct AddedFiles {
  std::map<fs::path, const Theorem*> of_folder;
  std::vector<std::string> child = {"/proc/self/exe", std::string(kServeExactDecisions)};

  void add(const fs::path& file, std::unique_ptr<Theorem> theorem) {
    theorems::add(std::move(theorem));
    // Absolute paths: the child reads the files wherever it runs.
    child.push_back("--theorem-file");
    child.push_back(fs::absolute(file).string());
  }
};

// The files added, the folder's added on first use.
AddedFiles& added_files() {
  static AddedFiles added = [] {
    AddedFiles a;
    const std::string folder = theorem_folder();
    if (!folder.empty())
      for (const fs::path& file : folder_files(folder)) {
        std::unique_ptr<Theorem> t = theorems::read_theorem_file(file.string());
        a.of_folder[fs::canonical(file)] = t.get();
        a.add(file, std::move(t));
      }
    return a;
  }();
  return added;
}

}  // namespace

std::string theorem_folder() {
  if (const char* folder = std::getenv(kTheoremFolderVariable)) return folder;
  std::error_code error;
  // An installed binary finds its folder relative to itself, so that the prefix may move; a
  // build-tree binary has none there and reads the source tree it was built from.
  const fs::path installed =
      fs::read_symlink("/proc/self/exe", error).parent_path() / NORMBOUND_INSTALLED_THEOREM_DIR;
  if (!error && fs::is_directory(installed, error)) return installed.lexically_normal().string();
  return fs::is_directory(NORMBOUND_DEFAULT_THEOREM_DIR, error) ? NORMBOUND_DEFAULT_THEOREM_DIR : "";
}

std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files) {
  AddedFiles& added = added_files();
  std::vector<const Theorem*> theorems_of_files;
  for (const std::string& file : files) {
    std::error_code error;
    const auto in_folder = added.of_folder.find(fs::canonical(file, error));
    if (!error && in_folder != added.of_folder.end()) {
      theorems_of_files.push_back(in_folder->second);
      continue;
    }
    std::unique_ptr<Theorem> t = theorems::read_theorem_file(file);
    const Theorem* taken = theorems::find(t->info().id);
    for (const auto& [path, folder_theorem] : added.of_folder)
      if (folder_theorem == taken)
        throw InputError("theorem id '" + t->info().id + "' of '" + file + "' is taken by " + path.filename().string() +
                         " in the theorem folder (" + kTheoremFolderVariable + "= leaves the folder out)");
    theorems_of_files.push_back(t.get());
    added.add(file, std::move(t));
  }
  if (added.child.size() > 2) run_exact_workers_as(added.child);
  return theorems_of_files;
}

std::string theorem_folder_file(const std::string& id) {
  for (const auto& [path, theorem] : added_files().of_folder)
    if (theorem->info().id == id) return path.string();
  return "";
}

std::string theorem_file_arguments(const std::vector<std::string>& files) {
  std::string arguments;
  for (const std::string& file : files) arguments += " --theorem-file " + file;
  return arguments;
}

void add_theorem_files_of_child(int argc, char** argv) {
  for (int i = 2; i + 1 < argc; i += 2)
    if (std::string_view(argv[i]) == "--theorem-file") theorems::add(theorems::read_theorem_file(argv[i + 1]));
}

}  // namespace nb::cli
