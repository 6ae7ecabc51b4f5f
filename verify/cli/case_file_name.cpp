#include "verify/cli/case_file_name.hpp"

#include <array>
#include <cctype>

namespace nb::cli {
namespace {

// Provenance comes from input files too: only letters, digits and '-' reach a file name, so
// that no value names another directory.
std::string file_name_safe(const std::string& text) {
  std::string s;
  for (char c : text) s += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  return s;
}

}  // namespace

std::string case_file_name(const std::string& theorem_id, const std::string& source, std::uint64_t seed,
                           const CaseOutcome& outcome) {
  std::string name = theorem_id + "-" + file_name_safe(source.substr(0, source.find(':')));
  if (source == "random" || source == "search") name += "-seed" + std::to_string(seed);
  static constexpr std::array<const char*, 4> kLocating{"layer", "head", "row", "N"};
  for (const char* key : kLocating)
    if (auto it = outcome.provenance.find(key); it != outcome.provenance.end()) name += "-" + std::string(key) + file_name_safe(it->second);
  return name + "-" + std::to_string(outcome.index) + ".json";
}

}  // namespace nb::cli
