#pragma once
// Algorithms 1 and 2 of arXiv 2508.17821 (Theorem 1, Fig. 2a and 2b): per head, the mean over
// query rows of the true cumulative distance d~, of its fixed-set bound and of E[d~] under each
// random-subset model (reproduce/topn_row.hpp), at each grid point; the curves are the means over
// heads. Algorithm 1 varies the length L (the first L tokens; N = 5), Algorithm 2 the size N (L =
// the longest available, 1024 on GPT-2), Algorithm 3 both (its critical N against L, Fig. 2c). Rows: `rows` of SweepSettings within the first L tokens,
// those with more than N keys. With `certify`, the last such row of each head and grid point is
// also checked certified by the theorem topn-distance-fixed.
#include <array>
#include <map>
#include <memory>

#include "verify/reproduce/experiment.hpp"
#include "verify/reproduce/head_checks.hpp"

namespace nb::reproduce {

// The curves, in the order of TopnRowTerms' fields: distance, bound, then the expectation models.
inline constexpr std::size_t kDistanceQuantities = 6;
const std::vector<std::string>& distance_quantities();
using DistanceMeans = std::array<double, kDistanceQuantities>;

struct DistanceGridPoint {
  std::size_t L, N;
};

// Algorithm 1's grid over L, Algorithm 2's over N, or Algorithm 3's over L x N (default L grid
// 64, 128, ..., 1024: five lengths for the critical N against L).
enum class DistanceGrid { Length, Selection, LengthBySelection };

class DistanceSweep final : public Experiment {
 public:
  // `id` names outputs. A LengthBySelection sweep's outcome has no curves, figure or claims: its
  // user (critical_n_search) makes them from head_means().
  DistanceSweep(const SweepSettings& s, DistanceGrid shape, std::string id, bool certify);
  void add_head(const AttentionHead& head) override;
  ExperimentOutcome finish() override;

  // The grid, fixed at the first head (Algorithm 2's L is that head's length when shorter).
  const std::vector<DistanceGridPoint>& points() const { return points_; }
  // Per grid index, each head's means over rows, in the order heads came.
  const std::map<std::size_t, std::vector<DistanceMeans>>& head_means() const { return head_means_; }

 private:
  std::vector<DistanceGridPoint> grid(int length);

  SweepSettings s_;
  DistanceGrid shape_;
  std::string id_;
  bool certify_;
  std::vector<DistanceGridPoint> points_;
  ResultTable per_head_;
  std::map<std::size_t, std::vector<DistanceMeans>> head_means_;
  HeadChecks checks_;  // topn-distance-fixed on every (row, N) of the sweep
  std::size_t heads_ = 0;
};

// Default grid: L in {32, 64, ..., 1024} (powers of two; the paper gives only the ends), N = 5.
std::unique_ptr<Experiment> distance_against_length(const SweepSettings& settings);

// Default grid: N in {1, 5, 10, 20, 100}, L = 1024 or the longest window.
std::unique_ptr<Experiment> distance_against_selection(const SweepSettings& settings);

}  // namespace nb::reproduce
