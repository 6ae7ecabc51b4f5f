#include "verify/reproduce/separability_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "verify/reproduce/head_checks.hpp"
#include "verify/reproduce/head_rows.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/row_values.hpp"
#include "verify/reproduce/sweep_claims.hpp"
#include "verify/kernels/separability.hpp"
#include "verify/engine/token_inputs.hpp"

namespace nb::reproduce {
namespace {

struct SeparabilityMeans {
  double fraction = 0, lower = 0, upper = 0;
};

// The head's vectors scaled to unit norm (a zero vector stays 0).
AttentionHead on_unit_sphere(const AttentionHead& head) {
  AttentionHead h = head;
  for (Eigen::Index i = 0; i < h.vectors.rows(); ++i) {
    const double norm = h.vectors.row(i).norm();
    if (norm > 0) h.vectors.row(i) /= norm;
  }
  return h;
}

// delta_t = min_{i < j <= t} ||x_i - x_j|| from the Gram matrix, for every t (infinite at t = 0).
std::vector<double> running_min_separation(const DoubleMatrix& G) {
  std::vector<double> delta(static_cast<std::size_t>(G.rows()), std::numeric_limits<double>::infinity());
  for (Eigen::Index t = 1; t < G.rows(); ++t) {
    double best = delta[static_cast<std::size_t>(t - 1)];
    for (Eigen::Index i = 0; i < t; ++i) best = std::min(best, std::sqrt(std::max(0.0, G(i, i) + G(t, t) - 2 * G(i, t))));
    delta[static_cast<std::size_t>(t)] = best;
  }
  return delta;
}

class SeparabilitySweep final : public Experiment {
 public:
  explicit SeparabilitySweep(const SweepSettings& s)
      : s_(s), grid_(s.grid_N.empty() ? std::vector<std::size_t>{2, 4, 8, 16, 32, 64} : s.grid_N), checks_(s) {
    per_head_.columns = {"window", "layer", "head", "L", "N", "rows", "mean_fraction", "mean_lower_bound",
                         "mean_upper_envelope"};
  }

  void add_head(const AttentionHead& raw) override {
    const AttentionHead head = on_unit_sphere(raw);
    ++heads_;
    const DoubleMatrix G = vector_gram(head);
    const std::vector<double> delta = running_min_separation(G);
    std::vector<std::pair<int, std::size_t>> checked;  // (row, N) checked certified
    for (std::size_t N : grid_) {
      const auto rows = sweep_rows(s_.rows, head.length(), static_cast<int>(N));
      if (rows.empty()) continue;
      // Per row: the fraction, the lower bound clipped at 0, the upper envelope, and 1 where the
      // lower bound was trivial (<= 0) before clipping.
      const std::vector<std::vector<double>> values = row_values(s_, rows.size(), [&](std::size_t k) {
        Case c = head_row_case(head, rows[k], "");
        c.integers["N"] = static_cast<std::int64_t>(N);
        const auto [logits, T] = theorems::softmax_input<double>(c);
        const Selection I = theorems::top_n_selection(c);
        const Eigen::Index L = logits.size();
        GramRows<double> rowsG{Matrix<double>(static_cast<Eigen::Index>(N), L), Vector<double>(L)};
        for (std::size_t p = 0; p < N; ++p)
          for (Eigen::Index m = 0; m < L; ++m) rowsG.rows(static_cast<Eigen::Index>(p), m) = G(static_cast<Eigen::Index>(I.selected[p]), m);
        for (Eigen::Index m = 0; m < L; ++m) rowsG.diagonal[m] = G(m, m);
        const auto t = theorems::separability_terms<double>(kernels::attention_weights(s_.normalizer, logits, T), c.number("vectors"), rowsG, I,
                                                            std::nullopt, delta[static_cast<std::size_t>(rows[k])]);
        double xi_sum = 0;
        for (double xi : t.xi) xi_sum += xi;
        const double n = static_cast<double>(N);
        // A lower bound below 0 says nothing about a fraction; 0 is its trivial value.
        const double lower = 1 - xi_sum / (t.r * n);
        return std::vector<double>{t.separated / n, std::max(0.0, lower), t.envelope, lower <= 0 ? 1.0 : 0.0};
      });
      SeparabilityMeans mean;
      for (const std::vector<double>& v : values) {
        mean.fraction += v[0] / static_cast<double>(values.size());
        mean.lower += v[1] / static_cast<double>(values.size());
        mean.upper += v[2] / static_cast<double>(values.size());
        trivial_rows_ += v[3] != 0;
      }
      rows_ += values.size();
      per_head_.add({std::to_string(head.window), std::to_string(head.layer), std::to_string(head.head),
                     std::to_string(head.length()), std::to_string(N), std::to_string(rows.size()),
                     number_text(mean.fraction), number_text(mean.lower), number_text(mean.upper)});
      means_[N][{head.window, head.layer, head.head}] = mean;
      if (s_.normalizer != kernels::AttentionNormalizer::Softmax) continue;
      if (s_.certify_every_row)
        for (int t : rows) checked.emplace_back(t, N);
      else
        checked.emplace_back(rows.back(), N);
    }
    checks_.check("separability-lower", checked.size(), [&](std::size_t k) {
      Case c = head_row_case(head, checked[k].first, "separability-lower");
      c.integers["N"] = static_cast<std::int64_t>(checked[k].second);
      c.label += " N=" + std::to_string(checked[k].second) + " (unit vectors)";
      return c;
    });
  }

  ExperimentOutcome finish() override {
    ExperimentOutcome o;
    o.id = normalized_id("fig3", s_.normalizer);
    o.title = "Algorithm 4: separable fraction N_s/N against N (Fig. 3)" + normalized_title(s_.normalizer);
    o.paper_runtime = "7 min";
    o.method = "binary64, by the Theorem 2 functions of verify/kernels/separability.hpp on the vectors scaled to unit norm "
               "(M = 1), delta the smallest separation among the row's tokens, r the distance of the nearest token "
               "left out; the lower bound clipped at 0; mean over rows (" + s_.rows +
               " per head, rows with more than N keys), then quartiles over heads" + normalized_method(s_.normalizer) +
               (s_.normalizer == kernels::AttentionNormalizer::Softmax
                    ? ""
                    : "; the Theorem 2 bounds evaluated on these weights (the theorem is proved for softmax)");
    o.per_head = per_head_;
    o.aggregate.columns = {"N", "heads", "min_fraction", "q1_fraction", "median_fraction", "q3_fraction",
                           "max_fraction", "mean_lower_bound", "mean_upper_envelope", "max_upper_envelope"};
    SweepFigure fig{o.id, "Fig. 3: N_s/N over heads (box plots) with the Theorem 2 bounds" + normalized_title(s_.normalizer), "N",
                    "N_s / N", true, false, {}, {}, {}};
    SweepSeries lower{"lower bound (mean over heads)", {}, {}, true}, upper{"upper envelope (mean over heads)", {}, {}, true},
        upper_max{"upper envelope (max over heads)", {}, {}, false};
    SeparabilityCurves curves;
    curves.trivial_rows = trivial_rows_;
    curves.rows = rows_;
    for (auto& [N, heads] : means_) {
      std::vector<double> f;
      double lo = 0, up = 0, up_max = 0, fsum = 0;
      for (const auto& [key, m] : heads) {
        curves.zero_lower += m.lower == 0;
        ++curves.head_points;
        f.push_back(m.fraction);
        lo += m.lower / static_cast<double>(heads.size());
        up += m.upper / static_cast<double>(heads.size());
        up_max = std::max(up_max, m.upper);
        fsum += m.fraction / static_cast<double>(heads.size());
      }
      std::sort(f.begin(), f.end());
      const auto quantile = [&](double q) {  // linear interpolation between order statistics (numpy's default)
        const double at = q * static_cast<double>(f.size() - 1);
        const auto k = static_cast<std::size_t>(at);
        return k + 1 < f.size() ? f[k] + (at - static_cast<double>(k)) * (f[k + 1] - f[k]) : f[k];
      };
      const double x = static_cast<double>(N);
      o.aggregate.add({std::to_string(N), std::to_string(heads.size()), number_text(f.front()), number_text(quantile(0.25)),
                       number_text(quantile(0.5)), number_text(quantile(0.75)), number_text(f.back()), number_text(lo),
                       number_text(up), number_text(up_max)});
      fig.boxes.push_back({x, f.front(), quantile(0.25), quantile(0.5), quantile(0.75), f.back()});
      lower.x.push_back(x), lower.y.push_back(lo);
      upper.x.push_back(x), upper.y.push_back(up);
      upper_max.x.push_back(x), upper_max.y.push_back(up_max);
      curves.N.push_back(x), curves.median.push_back(quantile(0.5)), curves.maximum.push_back(f.back());
      curves.upper_maximum.push_back(up_max), curves.mean_lower.push_back(lo), curves.mean_fraction.push_back(fsum);
    }
    if (means_.count(16) && means_.begin()->first < 16)
      for (const auto& [key, m] : means_.at(16))
        if (const auto first = means_.begin()->second.find(key); first != means_.begin()->second.end())
          curves.decline.push_back(m.fraction - first->second.fraction);
    fig.series = {lower, upper, upper_max};
    o.figures.push_back(fig);
    if (s_.normalizer == kernels::AttentionNormalizer::Softmax) o.claims = separability_claims(curves);
    o.evidence = std::to_string(heads_) + " heads; rows: " + s_.rows + " per head with more than N keys; N grid " +
                 grid_text(grid_) + "; vectors scaled to the unit sphere";
    o.certified = checks_.results();
    o.certified_seconds = checks_.seconds();
    return o;
  }

 private:
  SweepSettings s_;
  std::vector<std::size_t> grid_;
  ResultTable per_head_;
  std::map<std::size_t, std::map<std::tuple<int, int, int>, SeparabilityMeans>> means_;  // by N, then (window, layer, head)
  std::size_t heads_ = 0;
  std::size_t rows_ = 0, trivial_rows_ = 0;  // (row, N) evaluated, and those whose lower bound is <= 0
  HeadChecks checks_;  // separability-lower on every (row, N) of the sweep
};

}  // namespace

std::unique_ptr<Experiment> separability_sweep(const SweepSettings& settings) {
  return std::make_unique<SeparabilitySweep>(settings);
}

}  // namespace nb::reproduce
