#include "verify/cli/list_command.hpp"

#include <algorithm>
#include <iomanip>
#include <limits>

#include <nlohmann/json.hpp>

#include "verify/cli/paper_reference.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/wrapped_text.hpp"
#include "verify/engine/suite_regime.hpp"

namespace nb::cli {
namespace {

constexpr std::size_t kFidelityWidth = 15, kExpectWidth = 10;
constexpr std::size_t kMinTextWidth = 40;  // narrower, the text goes below the columns
constexpr std::size_t kNarrowIndent = 4;

}  // namespace

CLI::App* add_list_command(CLI::App& app, ListOptions& options) {
  CLI::App* list = app.add_subcommand(
      "list", "List the registered theorems: id, fidelity, expect, source, statement, and the shapes that\n"
              "'check --regime paper' draws them at (or why it does not run them).");
  list->add_flag("--json", options.json, "Print a JSON array (with the LaTeX statements and assumptions)");
  list->add_option("--theorem-file", options.theorem_files,
                   "Add the theorem stated in this TOML file, listed in the paper's order with its generated LaTeX (repeatable)");
  return list;
}

int run_list(const ListOptions& options, std::ostream& out, std::optional<std::size_t> width) {
  add_theorem_files(options.theorem_files);
  const std::vector<const Theorem*> theorems = registered_in_paper_order();
  if (options.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const Theorem* t : theorems) {
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
  out << std::left;
  // Wrapped to the width (none: one line per text): the text beside the columns when there is
  // room for it, else below them.
  const std::size_t line_width = width.value_or(std::numeric_limits<std::size_t>::max());
  // The id column fits the longest id (theorem files may bring long ones) and a space.
  std::size_t id_width = std::string("id ").size();
  for (const Theorem* t : theorems) id_width = std::max(id_width, t->info().id.size() + 1);
  const std::size_t text_column = id_width + kFidelityWidth + kExpectWidth;
  const bool beside = line_width >= text_column + kMinTextWidth;
  const std::size_t indent = beside ? text_column : kNarrowIndent;
  const auto print_text = [&](const std::vector<std::string>& texts, bool after_columns) {
    bool first = after_columns;
    for (const std::string& text : texts)
      for (const std::string& line : wrapped(text, line_width - std::min(indent, line_width - 1))) {
        out << (first ? std::string() : std::string(indent, ' ')) << line << "\n";
        first = false;
      }
  };
  const auto print_columns = [&](const std::string& id, const std::string& fidelity, const std::string& expect) {
    if (beside)
      out << std::setw(id_width) << id << std::setw(kFidelityWidth) << fidelity << std::setw(kExpectWidth) << expect;
    else if (line_width >= text_column)
      out << std::setw(id_width) << id << std::setw(kFidelityWidth) << fidelity << expect << "\n";
    else
      for (const std::string& line : wrapped(id + " " + fidelity + " " + expect, line_width)) out << line << "\n";
  };
  print_columns("id", "fidelity", "expect");
  print_text({"source / statement"}, beside);
  if (theorems.empty()) out << "(none: the theorem folder holds no theorem files)\n";
  for (const Theorem* t : theorems) {
    const TheoremInfo& i = t->info();
    print_columns(i.id, fidelity_name(i.fidelity), expect_name(i.expect));
    print_text({i.source, i.summary, "paper regime: " + regime_summary(i, paper_regime())}, beside);
  }
  return 0;
}

}  // namespace nb::cli
