#include "verify/cli/violation_files.hpp"

namespace nb::cli {

void add_cases_dir_option(CLI::App& command, std::string& dir, bool& given) {
  command.add_option_function<std::string>(
      "--cases-dir",
      [&dir, &given](const std::string& value) {
        dir = value;
        given = true;
      },
      "Directory where counterexamples are saved as case files (default: normbound-cases, or DIR/cases with "
      "--report DIR)");
}

CaseFileDirectories case_file_directories(const std::string& dir, bool given, const reports::StagedDirectory* report) {
  if (report && !given) return {report->target() / "cases", report->staging() / "cases"};
  return {dir, dir};
}

void save_violation_files(RunResults& results, const std::filesystem::path& recorded_dir,
                          const std::filesystem::path& written_to, const std::string& name_infix,
                          const ReplayCommandFn& replay) {
  for (TheoremResult& r : results.theorems) {
    const std::string& id = r.info.id;
    if (!r.violations.empty()) std::filesystem::create_directories(written_to);
    for (auto& v : r.violations) {
      const std::string name = id + name_infix + std::to_string(v.outcome.index) + ".json";
      v.case_file = (recorded_dir / name).string();
      write_case_file(v.input, (written_to / name).string());
      v.replay = replay(id, v.case_file);
    }
  }
}

}  // namespace nb::cli
