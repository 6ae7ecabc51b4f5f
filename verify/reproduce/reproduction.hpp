#pragma once
// A reproduction run as a library: the heads of one source streamed once through the chosen
// experiments, then the per-row theorem cases they collected checked in certified arithmetic
// (nb::run). `normbound reproduce` only parses options, prints and writes files.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "verify/reproduce/experiment.hpp"
#include "verify/reproduce/normalizer_comparison.hpp"
#include "verify/results/results.hpp"

namespace nb::reproduce {

// The experiments in the paper's order.
const std::vector<std::string>& experiment_ids();  // fig2a, fig2b, fig2c, fig3, fig4

struct ReproductionRequest {
  HeadRequest heads;
  SweepSettings sweep;
  std::vector<std::string> experiments;  // ids from experiment_ids(), in any order, no repeats
  // The weights' normalizers, no repeats, softmax first: each runs every experiment on the same
  // heads (sweep.normalizer is set per run); outputs of the others carry its name
  // (reproduce/normalized_rows.hpp).
  std::vector<kernels::AttentionNormalizer> normalizers{kernels::AttentionNormalizer::Softmax};
  CheckSettings certified;               // engine settings of the certified per-row checks
  RunRecord record;
  // Asked before each head but the first (may be empty; on the ranks of an MPI job it must give
  // every rank the same answer, as they must stop at the same head): when it gives a reason, no
  // head is fed any more and the reproduction is partial (Reproduction::partial).
  StopFn stop;
};

struct TimedOutcome {
  ExperimentOutcome outcome;
  double seconds = 0;            // wall time in add_head and finish
  double certified_seconds = 0;  // wall time of its certified checks
};

struct Reproduction {
  HeadSourceInfo source;
  std::vector<TimedOutcome> experiments;  // per normalizer of the request, in experiment_ids() order
  std::vector<kernels::AttentionNormalizer> normalizers;
  // When the request has normalizers other than softmax: the normalizers side by side.
  std::optional<NormalizerComparison> comparison;
  RunResults certified;                   // every experiment's certified checks, one entry per (experiment, theorem), id "<experiment>-<theorem id>"
  double model_seconds = 0;               // the source's own work: model passes, reading dumps
  std::size_t heads = 0;                  // (window, layer, head) triples seen
  // Whether the files written carry the runtimes: not with --no-timestamp, so that a run's files
  // are byte-identical (the terminal still shows them).
  bool runtimes_recorded = true;
  // Why the run stopped before its last head ("interrupted by SIGINT after 3 of 40 heads"), "" when
  // it did not. The experiments' tables and the certified checks (certified.partial says the
  // same) are then those of the heads seen, and the claims, which need every head, are not judged:
  // every experiment's claims are left out.
  std::string partial;
};

// Runs the request. `progress` (may be empty) gets one line per finished layer of a window and
// per certified check. Throws UsageError for unknown experiment ids and bad options,
// InputError for bad data.
Reproduction reproduce(const ReproductionRequest& request, const std::function<void(const std::string&)>& progress);

}  // namespace nb::reproduce
