#pragma once
#include <cstddef>
#include <optional>
#include <ostream>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct ListOptions {
  bool json = false;
};

CLI::App* add_list_command(CLI::App& app, ListOptions& options);
// Prints every registered theorem (id, fidelity, expect, source, one-line statement), its lines
// wrapped to `width` when there is one (standard_output_width). Returns 0.
int run_list(const ListOptions& options, std::ostream& out, std::optional<std::size_t> width);

}  // namespace nb::cli
