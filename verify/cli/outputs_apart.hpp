#pragma once
// An output that is one of the run's inputs would replace it: `--json c.json` beside
// `--case c.json`, `--certificate v.toml` beside `--theorem-file v.toml`. Such a command line is
// refused before anything runs.
#include <optional>
#include <string>
#include <vector>

namespace nb::cli {

// A file or directory of the command line and the option that names it ("--case").
struct NamedPath {
  std::string option, path;
};

// Throws UsageError (exit 64) naming the output's option and the input's when a file output of
// `files` is an input of `inputs` (the same file after resolving the paths and their links: the
// same device and inode), or when a directory output of `directories` (a report, which replaces
// what it holds) holds an input. Outputs that are "" or "-" (standard output) are left alone, and
// so are inputs that do not exist (reading them fails on its own).
void refuse_outputs_onto_inputs(const std::vector<NamedPath>& files, const std::vector<NamedPath>& directories,
                                const std::vector<NamedPath>& inputs);

// The path that the source `spec` of `option` reads (the DIR of gpt2:DIR, the PATH of
// attention-dump:PATH or file:PATH), or none for a source that reads no file (the random suites,
// random-gpt2). Throws UsageError for a spec of an unknown kind, as loading it would.
std::optional<NamedPath> source_input(const std::string& option, const std::string& spec);

}  // namespace nb::cli
