#include "verify/cli/help_command.hpp"

#include <algorithm>

#include "verify/cli/failure_status.hpp"
#include "verify/io/closest_names.hpp"

namespace nb::cli {
namespace {

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& names) {
  std::string closest;
  for (const std::string& c : closest_names(name, names, 2)) closest += (closest.empty() ? "" : ", ") + c;
  return "normbound: unknown subcommand '" + name + "'; closest: " + closest + " ('normbound help' lists them)";
}

}  // namespace

std::optional<std::string> unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return std::nullopt;
  const std::vector<std::string> names = subcommand_names(app);
  if (std::find(names.begin(), names.end(), argv[1]) != names.end()) return std::nullopt;
  return did_you_mean(argv[1], names);
}

int run_help(const CLI::App& app, const std::string& topic, std::ostream& out, std::ostream& err) {
  if (topic.empty()) {
    // app.help() would print the help of the subcommand parsed: `help` itself.
    out << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
    return 0;
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == topic) {
      out << sub->help(app.get_name());  // "Usage: normbound check", as check --help prints it
      return 0;
    }
  err << did_you_mean(topic, subcommand_names(app)) << "\n";
  return kExitUsage;
}

}  // namespace nb::cli
