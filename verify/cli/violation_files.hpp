#pragma once
// Every certified violation of a run saved as a case file, with the command that replays it.
#include <filesystem>
#include <functional>
#include <string>

#include "verify/results.hpp"

namespace nb::cli {

// (theorem id, case file as recorded) -> the command that replays it.
using ReplayCommandFn = std::function<std::string(const std::string&, const std::string&)>;

// Writes each violation of `results` to `written_to`/NAME, NAME = id + name_infix + case index +
// ".json", and records it as `recorded_dir`/NAME with its replay command (the two directories
// differ when the files go into a report being staged).
void save_violation_files(RunResults& results, const std::filesystem::path& recorded_dir,
                          const std::filesystem::path& written_to, const std::string& name_infix,
                          const ReplayCommandFn& replay);

}  // namespace nb::cli
