#pragma once
// One experiment of the paper's Section 3 (Algorithms 1-5): it sees the attention heads one at a
// time, then gives its tables, its claims and the per-row cases whose theorems are checked
// certified inside the sweep. Aggregated curves are computed in binary64 (each experiment states
// its method); the verdicts on theorems come from the engine (nb::run), never from these curves.
#include <optional>
#include <string>
#include <vector>

#include "verify/distributed/rank_world.hpp"
#include "verify/kernels/attention_normalizer.hpp"
#include "verify/reproduce/attention_heads.hpp"
#include "verify/reproduce/claim.hpp"
#include "verify/reproduce/result_table.hpp"
#include "reports/sweep_figure.hpp"
#include "verify/results/run.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb::reproduce {

// The figures are drawn by reports/, which owns every figure.
using reports::SweepFigure;
using reports::SweepSeries;
using reports::SweepBox;

// The grids and sampling every experiment reads; an empty grid means the experiment's default.
struct SweepSettings {
  std::vector<std::size_t> grid_L, grid_N;
  std::vector<double> grid_T, grid_eps;
  std::string rows = "32";    // query rows per head and grid point: "all" or K evenly spaced (sources::select_rows)
  // Which rows the per-row theorems are checked certified on: the last row of each head and grid
  // point (false), or every row of the sweep at every grid point (true; the results are bounded,
  // reproduce/head_checks.hpp). Corollary 3 as printed is checked on every row of Algorithm 5's
  // sweep either way.
  bool certify_every_row = false;
  std::size_t samples = 32;   // random subsets per row for the sampled expectation models
  std::uint64_t seed = 2508178;
  std::vector<std::string> logit_scales{"scaled"};  // Algorithm 5's logits: "scaled" (q.k/sqrt(d)), "raw" (q.k)
  unsigned threads = 1;
  // The weights' normalizer: the paper's softmax, or one it is compared with
  // (reproduce/normalized_rows.hpp). Only softmax's rows are checked certified against the paper's
  // theorems, and only softmax's experiments judge the paper's claims.
  kernels::AttentionNormalizer normalizer = kernels::AttentionNormalizer::Softmax;
  // The ranks of an MPI job that share each head's rows (reproduce/row_values.hpp) and the
  // certified checks; null: one process.
  const RankWorld* ranks = nullptr;
  // Engine settings of the certified per-row checks (reproduce/head_checks.hpp).
  CheckSettings certified;
};

// A per-row theorem checked certified on an experiment's rows: its bounded results, and the spread
// of its tightness ratios over every row (OutcomeKeeper::ratio_spread), which they do not keep.
struct CertifiedRows {
  TheoremResult result;
  std::optional<Log10RatioSpread> ratios;
};

struct ExperimentOutcome {
  std::string id;         // "fig2a", ...
  std::string title;      // "Algorithm 1: distance against L (Fig. 2a)"
  std::string method;     // how the aggregated numbers were computed
  bool testable = true;   // false: the input lacks what the algorithm reads
  std::string why_not;    // when not testable
  ResultTable per_head;   // one row per grid point x window x layer x head
  ResultTable aggregate;  // the curves of the figure
  std::vector<Claim> claims;
  std::string evidence;   // heads, rows, samples and grid the claims were judged on (the source is added by reproduce)
  std::vector<SweepFigure> figures;
  // The per-row theorems checked in certified arithmetic on every row of the sweep, head by head
  // (reproduce/head_checks.hpp), and the wall time those checks took.
  std::vector<CertifiedRows> certified;
  double certified_seconds = 0;
  std::string paper_runtime;            // Table 1 of the paper
};

class Experiment {
 public:
  virtual ~Experiment() = default;
  virtual void add_head(const AttentionHead& head) = 0;
  virtual ExperimentOutcome finish() = 0;
};

}  // namespace nb::reproduce
