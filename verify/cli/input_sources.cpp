#include "verify/cli/input_sources.hpp"

#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::cli {

void collect_generators(const std::vector<Case>& cases, std::set<std::string>& generators) {
  for (const Case& c : cases)
    if (auto it = c.provenance.find("generator"); it != c.provenance.end()) generators.insert(it->second);
}

InputSource random_suite_source(std::uint64_t seed, std::size_t cases_per_theorem,
                                const std::set<std::string>& generators) {
  std::string names;
  for (const auto& g : generators) names += (names.empty() ? "" : ",") + g;
  return {"random", "", "",
          {{"seed", std::to_string(seed)},
           {"cases_per_theorem", std::to_string(cases_per_theorem)},
           {"generators", names}}};
}

InputSource case_file_source(const std::string& path, const std::string& sha256) {
  return {"case-file", recorded_path(path), sha256, {}};
}

std::string file_sha256(const std::string& path) {
  try {
    return input_file_sha256(path);
  } catch (const InputError& e) {
    throw InputError("cannot read '" + path + "' to compute its SHA-256: " + e.what());
  }
}

}  // namespace nb::cli
