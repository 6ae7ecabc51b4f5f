#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "verify/engine/engine.hpp"

namespace nb::cli {

struct SearchOptions {
  std::vector<std::string> ids;
  std::vector<std::string> theorem_files;  // theorems stated in files (theorems/file_theorem.hpp)
  std::uint64_t budget = 2000;
  std::uint64_t seed = 2508178;  // as check's
  std::string shape;             // "L=..,d=..,N=..,T=.."
  std::string json;
  std::string report_dir;
  std::string cases_dir;  // "": with --report, DIR/cases; without, case files are not saved
  bool force = false;     // as check's
  bool pin = false;                 // add the case shown first to the pinned corpus
  std::string pin_dir = "tests/cases";
  unsigned threads = 0;
  double exact_time_limit = CheckSettings{}.exact_time_limit;  // as check's
  bool no_timestamp = false;
  bool wide = false;  // as check's
};

CLI::App* add_search_command(CLI::App& app, SearchOptions& options);

// Searches each theorem (search/theorem_search.hpp), certifies what it found with the engine,
// prints the verdict table, the counterexamples (shrunk first), each theorem's tightness frontier
// and replay commands; writes case files, --json and --report as check does, and with --pin the
// case shown first of each theorem with its certified verdict into the pinned corpus; with --json -
// the JSON alone goes to `out` and the text to stderr. Returns the exit status of exit_status() on
// the certified cases; throws UsageError / InputError.
int run_search(const SearchOptions& options, int argc, char** argv, std::ostream& out);

}  // namespace nb::cli
