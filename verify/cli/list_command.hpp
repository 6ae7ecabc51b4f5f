#pragma once
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct ListOptions {
  bool json = false;
  std::vector<std::string> theorem_files;  // theorems stated in files, listed after the others
};

CLI::App* add_list_command(CLI::App& app, ListOptions& options);
// Adds the theorems of options.theorem_files, then prints every registered theorem (id, fidelity,
// expect, source, one-line statement), its lines wrapped to `width` when there is one
// (standard_output_width). Returns 0.
int run_list(const ListOptions& options, std::ostream& out, std::optional<std::size_t> width);

}  // namespace nb::cli
