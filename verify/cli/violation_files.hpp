#pragma once
// Every certified violation of a run saved as a case file, with the command that replays it.
#include <filesystem>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "reports/report_output.hpp"
#include "verify/results.hpp"

namespace nb::cli {

// Adds --cases-dir to `command`: sets `dir` and `given`.
void add_cases_dir_option(CLI::App& command, std::string& dir, bool& given);

// Where a run's case files are recorded to be and where they are written now: `dir`, or, with a
// report being staged and no --cases-dir given, DIR/cases of the report (written into its staging).
struct CaseFileDirectories {
  std::filesystem::path recorded, written_to;
};
CaseFileDirectories case_file_directories(const std::string& dir, bool given, const reports::StagedDirectory* report);

// (theorem id, case file as recorded) -> the command that replays it.
using ReplayCommandFn = std::function<std::string(const std::string&, const std::string&)>;

// Writes each violation of `results` to `written_to`/NAME, NAME = id + name_infix + case index +
// ".json", and records it as `recorded_dir`/NAME with its replay command (the two directories
// differ when the files go into a report being staged).
void save_violation_files(RunResults& results, const std::filesystem::path& recorded_dir,
                          const std::filesystem::path& written_to, const std::string& name_infix,
                          const ReplayCommandFn& replay);

}  // namespace nb::cli
