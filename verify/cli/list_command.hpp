#pragma once
#include <ostream>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct ListOptions {
  bool json = false;
};

CLI::App* add_list_command(CLI::App& app, ListOptions& options);
// Prints every registered theorem (id, fidelity, expect, source, one-line statement). Returns 0.
int run_list(const ListOptions& options, std::ostream& out);

}  // namespace nb::cli
