#pragma once
// Every certified violation of a run saved as a case file, with the command that replays it.
#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "verify/results/results.hpp"

namespace nb::cli {

// Adds --cases-dir to `command`, setting `dir`.
void add_cases_dir_option(CLI::App& command, std::string& dir);

// Where a run's case files go: into `cases_dir` when it is given; else, with a report, into the
// report's cases/ directory (recorded relative to the report, which writes them itself); else nowhere.
struct CaseFilePlacement {
  std::string cases_dir;
  bool report = false;
  bool in_report() const { return report && cases_dir.empty(); }
};

// (theorem id, case file as recorded) -> the command that replays it.
using ReplayCommandFn = std::function<std::string(const std::string&, const std::string&)>;

// Names each violation of `results` by case_file_name (from the run's `source` and `seed`) and
// records the file and its replay command; writes the files of a --cases-dir, all or none (a
// failure leaves none of them). Without a place, violations keep no file and no command.
void save_violation_files(RunResults& results, const CaseFilePlacement& placement, const std::string& source,
                          std::uint64_t seed, const ReplayCommandFn& replay);

}  // namespace nb::cli
