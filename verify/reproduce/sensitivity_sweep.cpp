#include "verify/reproduce/sensitivity_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <boost/random/normal_distribution.hpp>

#include "verify/reproduce/head_rows.hpp"
#include "verify/reproduce/sweep_claims.hpp"
#include "theorems/finite_difference.hpp"
#include "theorems/registry.hpp"

namespace nb::reproduce {
namespace {

const char* kId = "fig4";

std::vector<double> default_temperatures() {
  std::vector<double> T;
  for (int k = 0; k <= 16; ++k) T.push_back(std::pow(10.0, -2.0 + k / 4.0));
  return T;
}

// A unit direction v (Gaussian, normalized by the theorem's evaluation), one per row, shared by
// every (T, eps): common random numbers, so the curves differ by T and eps, not by draws.
std::vector<double> direction(std::uint64_t seed, const AttentionHead& head, int t) {
  random::Rng rng = row_rng(seed, kId, head, t);
  boost::random::normal_distribution<double> normal;
  std::vector<double> v(static_cast<std::size_t>(t) + 1);
  for (double& x : v) x = normal(rng);
  return v;
}

class SensitivitySweep final : public Experiment {
 public:
  explicit SensitivitySweep(const SweepSettings& s)
      : s_(s), T_(s.grid_T.empty() ? default_temperatures() : s.grid_T),
        eps_(s.grid_eps.empty() ? std::vector<double>{1e-3, 1e-1, 10} : s.grid_eps) {}

  void add_head(const AttentionHead& head) override {
    // Rows with one key have nothing to perturb (g = 0 for every v) and are left out.
    const std::vector<int> rows = sweep_rows(s_.rows, head.length(), 1);
    if (rows.empty()) return;
    const std::size_t points = T_.size() * eps_.size();
    std::vector<std::vector<double>> g(rows.size(), std::vector<double>(points));
#pragma omp parallel for schedule(dynamic) num_threads(s_.threads)
    for (std::size_t r = 0; r < rows.size(); ++r) {
      Case c = head_row_case(head, rows[r], "finite-difference-sensitivity");
      c.numbers["logits"] = ExactTensor::vector(scaled_logits(head, rows[r]));
      c.numbers["direction"] = ExactTensor::vector(direction(s_.seed, head, rows[r]));
      c.numbers.erase("vectors");
      for (std::size_t i = 0; i < T_.size(); ++i)
        for (std::size_t j = 0; j < eps_.size(); ++j) {
          c.numbers["T"] = ExactTensor::scalar(T_[i]);
          c.numbers["epsilon"] = ExactTensor::scalar(eps_[j]);
          g[r][i * eps_.size() + j] = theorems::finite_difference<double>(c).g;
        }
    }
    auto& sum = sums_[{head.layer, head.head}];
    sum.resize(points, 0.0);
    for (const auto& row : g)
      for (std::size_t p = 0; p < points; ++p) sum[p] += row[p];
    counts_[{head.layer, head.head}] += rows.size();
    // The last row of every head, at every (T, eps), checked certified against both envelopes.
    Case last = head_row_case(head, rows.back(), "");
    last.numbers["logits"] = ExactTensor::vector(scaled_logits(head, rows.back()));
    last.numbers["direction"] = ExactTensor::vector(direction(s_.seed, head, rows.back()));
    last.numbers.erase("vectors");
    const std::string base_label = last.label;
    for (double T : T_)
      for (double eps : eps_) {
        last.numbers["T"] = ExactTensor::scalar(T);
        last.numbers["epsilon"] = ExactTensor::scalar(eps);
        last.label = base_label + " T=" + number_text(T) + " eps=" + number_text(eps);
        for (auto& [id, cases] : certified_) {
          last.theorem = id;
          cases.push_back(last);
        }
      }
  }

  ExperimentOutcome finish() override {
    ExperimentOutcome o;
    o.id = kId;
    o.title = "Algorithm 5: finite-difference sensitivity against T (Fig. 4)";
    o.paper_runtime = "1 min";
    o.method = "binary64: g of each row by the finite-difference-sensitivity theorem's own evaluation (logits "
               "shifted by their maximum), l = q.k/sqrt(d) (the model's scaled logits), one Gaussian unit v per "
               "row shared by all (T, eps), rows with one key left out; mean over rows (" + s_.rows +
               " per head, all windows), then the maximum over heads";
    o.per_head.columns = {"layer", "head", "rows", "T", "eps", "mean_g"};
    o.aggregate.columns = {"T", "eps", "max_over_heads_g", "envelope_as_printed_min_1/(4T)_sqrt2", "envelope_1/(2T)"};
    std::vector<std::vector<double>> best(eps_.size(), std::vector<double>(T_.size(), 0.0));
    for (const auto& [key, sum] : sums_) {
      const double n = static_cast<double>(counts_.at(key));
      for (std::size_t i = 0; i < T_.size(); ++i)
        for (std::size_t j = 0; j < eps_.size(); ++j) {
          const double mean = sum[i * eps_.size() + j] / n;
          best[j][i] = std::max(best[j][i], mean);
          o.per_head.add({std::to_string(key.first), std::to_string(key.second), number_text(n), number_text(T_[i]),
                          number_text(eps_[j]), number_text(mean)});
        }
    }
    SweepFigure fig{kId, "Fig. 4: max over heads of the mean sensitivity g", "T", "g(T, eps)", true, true, {}, {}, {}};
    std::vector<double> printed, sharp;
    for (double T : T_) {
      printed.push_back(std::min(1 / (4 * T), std::sqrt(2.0)));
      sharp.push_back(1 / (2 * T));
    }
    for (std::size_t j = 0; j < eps_.size(); ++j) {
      for (std::size_t i = 0; i < T_.size(); ++i)
        o.aggregate.add({number_text(T_[i]), number_text(eps_[j]), number_text(best[j][i]), number_text(printed[i]),
                         number_text(sharp[i])});
      fig.series.push_back({"eps = " + number_text(eps_[j]), T_, best[j], false});
    }
    fig.series.push_back({"min{1/(4T), sqrt 2} (as printed)", T_, printed, true});
    fig.series.push_back({"1/(2T)", T_, sharp, false});
    o.figures.push_back(fig);
    o.claims = sensitivity_claims(T_, eps_, best, !sums_.empty());
    for (auto& [id, cases] : certified_) o.certified.push_back({theorems::find(id), std::move(cases), CaseOrigin::External});
    return o;
  }

 private:
  SweepSettings s_;
  std::vector<double> T_, eps_;
  std::map<std::pair<int, int>, std::vector<double>> sums_;
  std::map<std::pair<int, int>, std::size_t> counts_;
  std::map<std::string, std::vector<Case>> certified_{{"finite-difference-sensitivity", {}},
                                                      {"finite-difference-sensitivity-as-printed", {}}};
};

}  // namespace

std::unique_ptr<Experiment> sensitivity_sweep(const SweepSettings& settings) {
  return std::make_unique<SensitivitySweep>(settings);
}

}  // namespace nb::reproduce
