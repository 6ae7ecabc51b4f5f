#include "verify/reproduce/critical_n_search.hpp"

#include <cstdio>

#include "verify/reproduce/distance_sweep.hpp"
#include "verify/reproduce/sweep_claims.hpp"
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
  explicit CriticalNSearch(const SweepSettings& s) : sweep_(with_default_grid(s), false, "fig2c", false) {}

  void add_head(const AttentionHead& head) override { sweep_.add_head(head); }

  ExperimentOutcome finish() override {
    ExperimentOutcome o = sweep_.finish();
    o.title = "Algorithm 3: critical N by two-sample Kolmogorov-Smirnov (Fig. 2c)";
    o.paper_runtime = "17 h 4 min";
    o.method += "; two-sample KS over heads (A = per-head mean distance, B = per-head mean expectation), exact p-value "
                "for equal sample sizes (Gnedenko-Korolyuk), asymptotic (Boost.Math) otherwise";
    o.per_head.columns = {"L", "N", "model", "heads", "ks_statistic", "p_value", "p_exact"};
    o.per_head.rows.clear();
    o.aggregate.columns = {"model", "alpha", "L", "critical_N", "previous_grid_N", "critical_N_over_L"};
    o.aggregate.rows.clear();
    const auto& points = sweep_.points();
    const std::size_t L = points.empty() ? 0 : points.front().L;
    SweepFigure fig{"fig2c", "Fig. 2c: KS p-value of per-head distance against expectation", "N", "p-value", true, true, {}, {}, {}};
    std::vector<double> critical_over_L;  // per (model, alpha), NaN when not found
    std::vector<std::string> labels;
    std::vector<bool> at_smallest_N;
    for (std::size_t q = 2; q < kDistanceQuantities; ++q) {
      const std::string& model = distance_quantities()[q];
      SweepSeries series{model, {}, {}, false};
      std::vector<double> p_values, Ns;
      for (const auto& [p, heads] : sweep_.head_means()) {
        std::vector<double> a, b;
        for (const DistanceMeans& m : heads) {
          a.push_back(m[0]);
          b.push_back(m[q]);
        }
        const KsResult ks = two_sample_ks(a, b);
        o.per_head.add({std::to_string(points[p].L), std::to_string(points[p].N), model, std::to_string(heads.size()),
                        number_text(ks.statistic), number_text(ks.p_value), ks.exact ? "yes" : "no"});
        Ns.push_back(static_cast<double>(points[p].N));
        p_values.push_back(ks.p_value);
      }
      series.x = Ns;
      series.y = p_values;
      fig.series.push_back(series);
      for (double alpha : kLevels) {
        std::size_t k = 0;
        while (k < p_values.size() && p_values[k] < alpha) ++k;
        const bool found = k < p_values.size();
        const double N = found ? Ns[k] : -1;
        o.aggregate.add({model, number_text(alpha), std::to_string(L), found ? number_text(N) : "-1",
                         found && k > 0 ? number_text(Ns[k - 1]) : "", found ? number_text(N / static_cast<double>(L)) : ""});
        critical_over_L.push_back(found ? N / static_cast<double>(L) : std::numeric_limits<double>::quiet_NaN());
        labels.push_back(model + ", alpha " + number_text(alpha));
        at_smallest_N.push_back(found && k == 0);
        if (found && alpha == kLevels[0]) fig.vertical_lines.push_back(N);
      }
    }
    for (double alpha : kLevels) fig.series.push_back({"alpha = " + number_text(alpha), {1, points.empty() ? 1.0 : static_cast<double>(points.back().N)}, {alpha, alpha}, true});
    o.figures = {fig};
    o.claims = critical_n_claims(labels, critical_over_L, at_smallest_N, !sweep_.head_means().empty());
    return o;
  }

 private:
  DistanceSweep sweep_;
};

}  // namespace

std::unique_ptr<Experiment> critical_n_search(const SweepSettings& settings) {
  return std::make_unique<CriticalNSearch>(settings);
}

}  // namespace nb::reproduce
