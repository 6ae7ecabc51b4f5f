#include "verify/cli/list_command.hpp"

#include <iomanip>

#include <nlohmann/json.hpp>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/suite_regime.hpp"

namespace nb::cli {

CLI::App* add_list_command(CLI::App& app, ListOptions& options) {
  CLI::App* list = app.add_subcommand(
      "list", "List the registered theorems: id, fidelity, expect, source, statement, and the shapes that\n"
              "'check --regime paper' draws them at (or why it does not run them).");
  list->add_flag("--json", options.json, "Print a JSON array (with the LaTeX statements and assumptions)");
  list->add_option("--theorem-file", options.theorem_files,
                   "Add the theorem stated in this TOML file, listed last with its generated LaTeX (repeatable)");
  return list;
}

int run_list(const ListOptions& options, std::ostream& out) {
  for (const std::string& file : options.theorem_files) theorems::add(theorems::read_theorem_file(file));
  if (options.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& t : theorems::all()) {
      const TheoremInfo& i = t->info();
      all.push_back({{"id", i.id},
                     {"title", i.title},
                     {"fidelity", fidelity_name(i.fidelity)},
                     {"expect", expect_name(i.expect)},
                     {"source", i.source},
                     {"summary", i.summary},
                     {"statement", i.statement},
                     {"assumptions", i.assumptions},
                     {"paper_regime", regime_summary(i, paper_regime())}});
    }
    out << all.dump(2) << "\n";
    return 0;
  }
  out << std::left << std::setw(42) << "id" << std::setw(15) << "fidelity" << std::setw(10) << "expect"
      << "source / statement\n";
  for (const auto& t : theorems::all()) {
    const TheoremInfo& i = t->info();
    out << std::setw(42) << i.id << std::setw(15) << fidelity_name(i.fidelity) << std::setw(10)
        << expect_name(i.expect) << i.source << "\n"
        << std::setw(67) << "" << i.summary << "\n"
        << std::setw(67) << "" << "paper regime: " << regime_summary(i, paper_regime()) << "\n";
  }
  return 0;
}

}  // namespace nb::cli
