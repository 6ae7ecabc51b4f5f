#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/sources/load_source.hpp"
#include "verify/distributed/rank_world.hpp"
#include "verify/engine/engine.hpp"
#include "verify/numbers/exact_real.hpp"

namespace nb::cli {

struct CheckOptions {
  std::vector<std::string> ids;
  bool all = false;
  std::vector<std::string> paper_refs;  // select theorems whose source cites one ("Cor. 3")
  std::vector<std::string> fidelities;  // select theorems of these fidelity tags
  std::uint64_t cases = 100;
  std::uint64_t seed = 2508178;  // arXiv 2508.17821: any fixed default keeps runs reproducible
  bool mpfi_only = false;  // skip the binary64 tier
  unsigned precision = 128;
  unsigned max_precision = 2048;
  unsigned max_sample_doublings = 4;
  double near_tight = 1e-3;
  double confidence = 0.999;
  std::uint64_t exact_budget = ExactBudget{}.units;  // 0: no exact decisions of TIGHT cases
  double exact_time_limit = CheckSettings{}.exact_time_limit;  // CPU seconds per case's exact decision
  unsigned threads = 0;  // 0: one per hardware thread
  std::string json;
  std::vector<std::string> case_files;
  std::vector<std::string> theorem_files;  // theorems stated in files (theorems/file_theorem.hpp)
  std::string cases_dir;  // "": with --report, DIR/cases; without, case files are not saved
  std::string report_dir;
  bool appendix = false;  // the report directory also holds report-appendix.tex
  std::string title, intro;  // the report's title and framing sentence ("": its defaults)
  bool force = false;  // --report may replace normbound's own files in a directory holding others
  std::uint64_t top = 3;
  bool no_timestamp = false;
  bool wide = false;  // the verdict table on one line per theorem, whatever the terminal's width
  sources::SourceRequest source;  // spec "random": the theorems' own suites
  std::string regime;             // "": the default suites; a name: suites drawn in that regime
  // N of the top-N set for source cases of theorems that take one (5: Algorithm 1 of the paper).
  std::vector<std::size_t> top_n{5};
};

CLI::App* add_check_command(CLI::App& app, CheckOptions& options);

// Runs the checks, prints the verdict table and the counterexamples to `out` (progress to
// `err`), writes case files, the JSON report (--json) and the report directory (--report) if asked.
// The report directory appears complete or not at all. Returns the exit status of exit_status();
// throws UsageError / InputError. In an MPI job (`ranks` of more than one) every rank builds the
// same cases and evaluates those it is dealt (verify/results/run_on_ranks.hpp); rank 0 alone
// prints and writes, the others return 0 once no case is left.
int run_check(const CheckOptions& options, int argc, char** argv, std::ostream& out, std::ostream& err,
              const RankWorld& ranks);

}  // namespace nb::cli
