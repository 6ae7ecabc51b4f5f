#include "verify/cli/outputs_apart.hpp"

#include <algorithm>
#include <filesystem>

#include <sys/stat.h>

#include "models/sources/source_spec.hpp"
#include "verify/reproduce/attention_heads.hpp"
#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

namespace fs = std::filesystem;

bool names_a_file(const std::string& path) { return !path.empty() && path != "-"; }

// Both exist and are the same file (links followed).
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// `file` exists and lies inside the directory `directory` (both with their links resolved).
bool inside(const std::string& file, const std::string& directory) {
  std::error_code error;
  const fs::path f = fs::canonical(file, error);
  if (error) return false;
  const fs::path d = fs::weakly_canonical(directory, error);
  if (error) return false;
  const auto [end, _] = std::mismatch(d.begin(), d.end(), f.begin(), f.end());
  return end == d.end();
}

}  // namespace

void refuse_outputs_onto_inputs(const std::vector<NamedPath>& files, const std::vector<NamedPath>& directories,
                                const std::vector<NamedPath>& inputs) {
  for (const NamedPath& in : inputs) {
    if (!names_a_file(in.path)) continue;
    for (const NamedPath& out : files)
      if (names_a_file(out.path) && same_file(out.path, in.path))
        throw UsageError(out.option + " " + out.path + " is the input " + in.option + " " + in.path +
                         ", which it would replace: write the output elsewhere");
    for (const NamedPath& out : directories)
      if (names_a_file(out.path) && inside(in.path, out.path))
        throw UsageError(out.option + " " + out.path + " holds the input " + in.option + " " + in.path +
                         ", which writing there could replace: write the output elsewhere");
  }
}

std::optional<NamedPath> source_input(const std::string& option, const std::string& spec) {
  if (spec.empty() || spec == "random" || reproduce::is_random_gpt2(spec)) return std::nullopt;
  return NamedPath{option, sources::parse_source_spec(spec).path};
}

}  // namespace nb::cli
