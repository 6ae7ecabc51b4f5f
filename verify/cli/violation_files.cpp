#include "verify/cli/violation_files.hpp"

#include <filesystem>
#include <vector>

#include "reports/report_files.hpp"
#include "verify/io/atomic_file.hpp"
#include "verify/engine/case.hpp"
#include "verify/cli/case_file_name.hpp"

namespace nb::cli {

void add_cases_dir_option(CLI::App& command, std::string& dir) {
  command.add_option("--cases-dir", dir,
                     "Save counterexamples as case files in this directory (default: DIR/cases with --report DIR; "
                     "without either, no files are written)");
}

void save_violation_files(RunResults& results, const CaseFilePlacement& placement, const std::string& source,
                          std::uint64_t seed, const ReplayCommandFn& replay) {
  if (!placement.in_report() && placement.cases_dir.empty()) return;
  std::vector<FileContent> files;  // those of a --cases-dir
  for (TheoremResult& r : results.theorems)
    for (auto& v : r.violations) {
      const std::string name = case_file_name(r.info.id, source, seed, v.outcome);
      if (placement.in_report()) {
        v.case_file = (std::filesystem::path(reports::kReportCasesDirectory) / name).generic_string();
      } else {
        v.case_file = (std::filesystem::path(placement.cases_dir) / name).string();
        files.push_back({v.case_file, case_file_text(v.input)});
      }
      v.replay = replay(r.info.id, v.case_file);
    }
  if (files.empty()) return;
  create_output_directories(placement.cases_dir);
  write_files_atomically(files);
}

}  // namespace nb::cli
