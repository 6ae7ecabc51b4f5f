#include "verify/reproduce/distance_sweep.hpp"

#include <algorithm>

#include "verify/reproduce/head_rows.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/row_values.hpp"
#include "verify/reproduce/sweep_claims.hpp"
#include "verify/reproduce/topn_row.hpp"

namespace nb::reproduce {
namespace {

DistanceMeans values_of(const TopnRowTerms& t) {
  return {t.distance, t.bound, t.uniform_subset, t.uniform_main_sum, t.permuted_weights, t.fixed_context};
}

}  // namespace

const std::vector<std::string>& distance_quantities() {
  static const std::vector<std::string> names{"distance", "bound", kUniformSubset, kUniformMainSum, kPermutedWeights,
                                              kFixedContext};
  return names;
}

DistanceSweep::DistanceSweep(const SweepSettings& s, DistanceGrid shape, std::string id, bool certify)
    : s_(s), shape_(shape), id_(std::move(id)), certify_(certify && s.normalizer == kernels::AttentionNormalizer::Softmax),
      checks_(s) {
  per_head_.columns = {"window", "layer", "head", "L", "N", "rows"};
  for (const auto& name : distance_quantities()) per_head_.columns.push_back("mean_" + name);
}

std::vector<DistanceGridPoint> DistanceSweep::grid(int length) {
  const auto len = static_cast<std::size_t>(length);
  if (points_.empty()) {
    if (shape_ == DistanceGrid::Length) {
      const std::size_t N = s_.grid_N.empty() ? 5 : s_.grid_N.front();
      for (std::size_t L : s_.grid_L.empty() ? std::vector<std::size_t>{32, 64, 128, 256, 512, 1024} : s_.grid_L)
        points_.push_back({L, N});
    } else if (shape_ == DistanceGrid::LengthBySelection) {
      for (std::size_t L : s_.grid_L.empty() ? std::vector<std::size_t>{64, 128, 256, 512, 1024} : s_.grid_L)
        for (std::size_t N : s_.grid_N) points_.push_back({L, N});
    } else {
      const std::size_t L = std::min<std::size_t>(s_.grid_L.empty() ? 1024 : s_.grid_L.back(), len);
      for (std::size_t N : s_.grid_N.empty() ? std::vector<std::size_t>{1, 5, 10, 20, 100} : s_.grid_N)
        points_.push_back({L, N});
    }
  }
  // A head shorter than a grid length gives no rows there (L = 0).
  std::vector<DistanceGridPoint> available;
  for (const DistanceGridPoint& p : points_) available.push_back({p.L > len ? 0 : p.L, p.N});
  return available;
}

void DistanceSweep::add_head(const AttentionHead& head) {
  const std::vector<DistanceGridPoint> points = grid(head.length());
  ++heads_;
  const DoubleMatrix G = vector_gram(head);
  // Every (row, N) a grid point needs, computed once: a row does not depend on L (the pass is causal).
  std::map<std::pair<int, std::size_t>, DistanceMeans> cache;
  std::vector<std::pair<int, std::size_t>> work;
  for (const DistanceGridPoint& p : points)
    for (int t : sweep_rows(s_.rows, static_cast<int>(p.L), static_cast<int>(p.N)))
      if (cache.emplace(std::make_pair(t, p.N), DistanceMeans{}).second) work.emplace_back(t, p.N);
  const std::vector<std::vector<double>> values = row_values(s_, work.size(), [&](std::size_t k) {
    Case c = head_row_case(head, work[k].first, "");
    c.integers["N"] = static_cast<std::int64_t>(work[k].second);
    const DistanceMeans v = values_of(
        topn_row_terms(c, G, s_.samples, row_rng(s_.seed, id_, head, work[k].first, work[k].second)(), s_.normalizer));
    return std::vector<double>(v.begin(), v.end());
  });
  for (std::size_t k = 0; k < work.size(); ++k) std::copy(values[k].begin(), values[k].end(), cache[work[k]].begin());
  std::vector<std::pair<int, std::size_t>> last_rows;  // (row, N): the last row of each grid point
  for (std::size_t p = 0; p < points.size(); ++p) {
    const auto rows = sweep_rows(s_.rows, static_cast<int>(points[p].L), static_cast<int>(points[p].N));
    if (rows.empty()) continue;
    DistanceMeans mean{};
    for (int t : rows)
      for (std::size_t q = 0; q < kDistanceQuantities; ++q)
        mean[q] += cache[{t, points[p].N}][q] / static_cast<double>(rows.size());
    std::vector<std::string> row{std::to_string(head.window), std::to_string(head.layer), std::to_string(head.head),
                                 std::to_string(points[p].L), std::to_string(points[p].N), std::to_string(rows.size())};
    for (double m : mean) row.push_back(number_text(m));
    per_head_.add(std::move(row));
    head_means_[p].push_back(mean);
    if (!s_.certify_every_row) last_rows.emplace_back(rows.back(), points[p].N);
  }
  // Theorem 1 on every (row, N) the grid used, once each (a row's case does not depend on L), or
  // on the last row of each grid point.
  const std::vector<std::pair<int, std::size_t>>& checked = s_.certify_every_row ? work : last_rows;
  if (certify_)
    checks_.check("topn-distance-fixed", checked.size(), [&](std::size_t k) {
      Case c = head_row_case(head, checked[k].first, "topn-distance-fixed");
      c.integers["N"] = static_cast<std::int64_t>(checked[k].second);
      c.label += " N=" + std::to_string(checked[k].second);
      return c;
    });
}

ExperimentOutcome DistanceSweep::finish() {
  ExperimentOutcome o;
  o.id = normalized_id(id_, s_.normalizer);
  const bool by_length = shape_ == DistanceGrid::Length;
  o.title = std::string(by_length ? "Algorithm 1: distance against L (Fig. 2a)" : "Algorithm 2: distance against N (Fig. 2b)") +
            normalized_title(s_.normalizer);
  o.paper_runtime = by_length ? "24 min" : "37 min";
  o.method = "binary64, by the Theorem 1 functions of verify/reproduce/topn_distance.hpp (d~, the fixed-set bound, the main "
             "sum M, the uniform-subset sampler) and reproduce/topn_row.hpp (the permuted-weights and fixed-context "
             "models); sampled models from " + std::to_string(s_.samples) + " draws per row; mean over rows (" + s_.rows +
             " per head within the first L tokens, rows with more than N keys), then over heads" +
             normalized_method(s_.normalizer) +
             (kernels::on_simplex(s_.normalizer) ? "" : "; no bound: Theorem 1's proof needs weights summing to 1");
  o.per_head = per_head_;
  std::vector<std::size_t> Ls, Ns;
  for (const DistanceGridPoint& p : points_) {
    if (std::find(Ls.begin(), Ls.end(), p.L) == Ls.end()) Ls.push_back(p.L);
    if (std::find(Ns.begin(), Ns.end(), p.N) == Ns.end()) Ns.push_back(p.N);
  }
  o.evidence = std::to_string(heads_) + " heads; rows: " + s_.rows + " per head within the first L tokens, with more than N "
               "keys; L grid " + grid_text(Ls) + "; N grid " + grid_text(Ns) + "; " + std::to_string(s_.samples) +
               " draws per row for the sampled models";
  if (shape_ == DistanceGrid::LengthBySelection) return o;
  o.aggregate.columns = {"L", "N", "heads"};
  for (const auto& name : distance_quantities()) o.aggregate.columns.push_back("mean_" + name);
  std::vector<double> x;
  std::vector<std::vector<double>> curves(kDistanceQuantities);
  for (const auto& [p, heads] : head_means_) {
    std::vector<std::string> row{std::to_string(points_[p].L), std::to_string(points_[p].N), std::to_string(heads.size())};
    for (std::size_t q = 0; q < kDistanceQuantities; ++q) {
      double sum = 0;
      for (const DistanceMeans& m : heads) sum += m[q];
      curves[q].push_back(sum / static_cast<double>(heads.size()));
      row.push_back(number_text(curves[q].back()));
    }
    o.aggregate.add(std::move(row));
    x.push_back(static_cast<double>(by_length ? points_[p].L : points_[p].N));
  }
  SweepFigure fig{o.id,
                  by_length ? "Fig. 2a: cumulative distance against L (N = " +
                                   std::to_string(points_.empty() ? 5 : points_.front().N) + ")"
                             : "Fig. 2b: cumulative distance against N (L = " +
                                   std::to_string(points_.empty() ? 0 : points_.front().L) + ")",
                  by_length ? "L" : "N", "mean over rows, then heads", true, true, {}, {}, {}};
  for (std::size_t q = 0; q < kDistanceQuantities; ++q)
    fig.series.push_back({distance_quantities()[q], x, curves[q], q == 1});
  fig.title += normalized_title(s_.normalizer);
  o.figures.push_back(fig);
  if (s_.normalizer == kernels::AttentionNormalizer::Softmax)
    o.claims = by_length ? length_claims(x, curves, distance_quantities()) : selection_claims(x, curves, distance_quantities());
  o.certified = checks_.results();
  o.certified_seconds = checks_.seconds();
  return o;
}

std::unique_ptr<Experiment> distance_against_length(const SweepSettings& settings) {
  return std::make_unique<DistanceSweep>(settings, DistanceGrid::Length, "fig2a", true);
}

std::unique_ptr<Experiment> distance_against_selection(const SweepSettings& settings) {
  return std::make_unique<DistanceSweep>(settings, DistanceGrid::Selection, "fig2b", true);
}

}  // namespace nb::reproduce
