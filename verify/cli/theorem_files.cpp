#include "verify/cli/theorem_files.hpp"

#include <filesystem>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/exact_decision_in_child.hpp"

namespace nb::cli {

std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files) {
  std::vector<const Theorem*> added;
  // /proc/self/exe: this very binary; absolute paths: the child reads the files wherever it runs.
  std::vector<std::string> child = {"/proc/self/exe", std::string(kServeExactDecisions)};
  for (const std::string& file : files) {
    std::unique_ptr<Theorem> t = theorems::read_theorem_file(file);
    added.push_back(t.get());
    theorems::add(std::move(t));
    child.push_back("--theorem-file");
    child.push_back(std::filesystem::absolute(file).string());
  }
  if (!files.empty()) run_exact_workers_as(child);
  return added;
}

void add_theorem_files_of_child(int argc, char** argv) {
  for (int i = 2; i + 1 < argc; i += 2)
    if (std::string_view(argv[i]) == "--theorem-file") theorems::add(theorems::read_theorem_file(argv[i + 1]));
}

}  // namespace nb::cli
