#include "verify/reproduce/critical_n_search.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

#include "verify/reproduce/distance_sweep.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/sweep_claims.hpp"
#include "verify/reproduce/topn_row.hpp"
#include "verify/reproduce/two_sample_ks.hpp"

namespace nb::reproduce {
namespace {

constexpr double kLevels[] = {0.01, 0.05};

SweepSettings with_default_grid(SweepSettings s) {
  if (s.grid_N.empty()) s.grid_N = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128};
  return s;
}

class CriticalNSearch final : public Experiment {
 public:
  explicit CriticalNSearch(const SweepSettings& s)
      : normalizer_(s.normalizer), sweep_(with_default_grid(s), DistanceGrid::LengthBySelection, "fig2c", false) {}

  void add_head(const AttentionHead& head) override { sweep_.add_head(head); }

  ExperimentOutcome finish() override {
    ExperimentOutcome o = sweep_.finish();
    o.title = "Algorithm 3: critical N by two-sample Kolmogorov-Smirnov, against L (Fig. 2c)" + normalized_title(normalizer_);
    o.paper_runtime = "17 h 4 min";
    o.method += "; per (L, N) a two-sample KS test over heads (A = per-head mean distance, B = per-head mean "
                "expectation), exact p-value for equal sample sizes (Gnedenko-Korolyuk), asymptotic (Boost.Math) "
                "otherwise; the critical N at L is the grid's first N not rejected";
    o.per_head.columns = {"L", "N", "model", "heads", "ks_statistic", "p_value", "p_exact"};
    o.per_head.rows.clear();
    o.aggregate.columns = {"model", "alpha", "L", "critical_N", "previous_grid_N", "critical_N_over_L"};
    const auto& points = sweep_.points();
    std::vector<std::size_t> lengths;  // the grid's L with at least one tested N, ascending
    for (const auto& [p, heads] : sweep_.head_means())
      if (std::find(lengths.begin(), lengths.end(), points[p].L) == lengths.end()) lengths.push_back(points[p].L);
    std::sort(lengths.begin(), lengths.end());
    const double longest = lengths.empty() ? 0.0 : static_cast<double>(lengths.back());
    SweepFigure p_figure{o.id, "Fig. 2c: KS p-value of per-head distance against expectation (L = " +
                                   number_text(longest) + ")" + normalized_title(normalizer_), "N", "p-value", true, true, {}, {}, {}};
    SweepFigure critical_figure{o.id + "-critical-n",
                                "Fig. 2c: critical N against L (alpha = " + number_text(kLevels[0]) + "; dashed: 0.06 L)" +
                                    normalized_title(normalizer_),
                                "L", "critical N", true, true, {}, {}, {}};
    std::vector<CriticalNCurve> curves;
    for (std::size_t q = 2; q < kDistanceQuantities; ++q) {
      const std::string& model = distance_quantities()[q];
      // Per L, the p-values in the order of the N grid.
      std::map<std::size_t, std::pair<std::vector<double>, std::vector<double>>> by_length;
      for (const auto& [p, heads] : sweep_.head_means()) {
        std::vector<double> a, b;
        for (const DistanceMeans& m : heads) {
          a.push_back(m[0]);
          b.push_back(m[q]);
        }
        const KsResult ks = two_sample_ks(a, b);
        o.per_head.add({std::to_string(points[p].L), std::to_string(points[p].N), model, std::to_string(heads.size()),
                        number_text(ks.statistic), number_text(ks.p_value), ks.exact ? "yes" : "no"});
        by_length[points[p].L].first.push_back(static_cast<double>(points[p].N));
        by_length[points[p].L].second.push_back(ks.p_value);
      }
      if (!lengths.empty()) {
        const auto& [Ns, p_values] = by_length.at(lengths.back());
        p_figure.series.push_back({model, Ns, p_values, false});
      }
      for (double alpha : kLevels) {
        CriticalNCurve curve{model + ", alpha " + number_text(alpha), model == kFixedContext, {}, {}, {}, {}, {}};
        SweepSeries series{model, {}, {}, false};
        for (std::size_t L : lengths) {
          const auto& [Ns, p_values] = by_length.at(L);
          std::size_t k = 0;
          while (k < p_values.size() && p_values[k] < alpha) ++k;
          const bool found = k < p_values.size();
          const double Lx = static_cast<double>(L);
          o.aggregate.add({model, number_text(alpha), std::to_string(L), found ? number_text(Ns[k]) : "-1",
                           found && k > 0 ? number_text(Ns[k - 1]) : "", found ? number_text(Ns[k] / Lx) : ""});
          curve.L.push_back(Lx);
          curve.ratio.push_back(found ? Ns[k] / Lx : std::numeric_limits<double>::quiet_NaN());
          curve.at_smallest_N.push_back(found && k == 0);
          if (found) series.x.push_back(Lx), series.y.push_back(Ns[k]);
          if (found && alpha == kLevels[0] && L == lengths.back()) p_figure.vertical_lines.push_back(Ns[k]);
        }
        if (!lengths.empty()) curve.N = by_length.at(lengths.back()).first, curve.p_value = by_length.at(lengths.back()).second;
        if (alpha == kLevels[0] && !series.x.empty()) critical_figure.series.push_back(series);
        curves.push_back(std::move(curve));
      }
    }
    const double top_N = points.empty() ? 1.0 : static_cast<double>(points.back().N);
    for (double alpha : kLevels) p_figure.series.push_back({"alpha = " + number_text(alpha), {1, top_N}, {alpha, alpha}, true});
    std::vector<double> Ls(lengths.begin(), lengths.end()), paper;
    for (double L : Ls) paper.push_back(0.06 * L);
    critical_figure.series.push_back({"0.06 L (the paper)", Ls, paper, true});
    o.figures = {p_figure, critical_figure};
    if (normalizer_ == kernels::AttentionNormalizer::Softmax) o.claims = critical_n_claims(curves, !sweep_.head_means().empty());
    return o;
  }

 private:
  kernels::AttentionNormalizer normalizer_;
  DistanceSweep sweep_;
};

}  // namespace

std::unique_ptr<Experiment> critical_n_search(const SweepSettings& settings) {
  return std::make_unique<CriticalNSearch>(settings);
}

}  // namespace nb::reproduce
