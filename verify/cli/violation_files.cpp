#include "verify/cli/violation_files.hpp"

namespace nb::cli {

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
