#pragma once
// `normbound reproduce`: the paper's experiments (Algorithms 1-5, Figs. 2-4) on one source, with
// the claims table E1-E6, per-figure CSV tables, figures, and certified checks of the per-row
// theorems inside the sweeps.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "verify/distributed/rank_world.hpp"
#include "verify/engine/engine.hpp"

#include "verify/reproduce/experiment.hpp"

namespace nb::cli {

struct ReproduceOptions {
  std::vector<std::string> experiments;
  bool all = false;
  reproduce::HeadRequest heads;
  reproduce::SweepSettings sweep;
  std::vector<std::string> normalizers{"softmax"};  // names, or "all"
  std::uint64_t windows = 1;
  std::uint64_t samples = 32;
  std::string certified_rows = "last";  // --certified-rows: last or sweep
  unsigned threads = 0;  // 0: one per hardware thread
  double exact_time_limit = CheckSettings{}.exact_time_limit;  // of the certified checks, as check's
  std::string json;
  std::string report_dir;
  bool force = false;
  bool no_timestamp = false;
  bool wide = false;  // as check's
  // A second run whose flipped verdicts make claims FRAGILE: another seed, or another source.
  std::uint64_t compare_seed = 0;
  bool compare_seed_given = false;
  std::string compare_source;
  std::string compare_text;  // the second run's text (--compare-text), on --compare-source or the same source
};

CLI::App* add_reproduce_command(CLI::App& app, ReproduceOptions& options);

// Runs the experiments, prints per experiment its curves, claims and time beside the paper's
// Table 1, then the certified verdicts, and writes --json / --report. Returns the exit status of
// the certified checks (exit_status: 0 as expected, 1 an unexpected outcome, 2 undecided); the
// claims' verdicts (findings about the paper) do not change it. Throws UsageError / InputError.
// On the ranks of an MPI job, every rank runs it alike: the sweeps' rows and the certified checks
// are dealt over the ranks, and rank 0 alone prints and writes (the others return 0).
int run_reproduce(const ReproduceOptions& options, int argc, char** argv, std::ostream& out, std::ostream& err,
                  const RankWorld& ranks);

}  // namespace nb::cli
