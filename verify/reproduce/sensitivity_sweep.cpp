#include "verify/reproduce/sensitivity_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <boost/random/normal_distribution.hpp>

#include "verify/kernels/euclidean_norm.hpp"
#include "verify/reproduce/head_checks.hpp"
#include "verify/reproduce/head_rows.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/row_values.hpp"
#include "verify/reproduce/sweep_claims.hpp"
#include "verify/reproduce/finite_difference.hpp"

namespace nb::reproduce {
namespace {

const char* kId = "fig4";
// Corollary 3 as printed, ||d alpha / d l||_2 <= min{1/(4T), sqrt 2}: the envelope of Fig. 4.
const char* kCorollary3 = "softmax-jacobian-spectral-as-printed";

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

// The row's logits on one scale: the model's scaled q.k/sqrt(d), or the raw q.k.
std::vector<double> logits_on_scale(const AttentionHead& head, int t, const std::string& scale) {
  if (scale == "scaled") return scaled_logits(head, t);
  return {head.raw_logits.row(t).data(), head.raw_logits.row(t).data() + t + 1};
}

// g(T, eps) = ||alpha(l + eps u) - alpha(l)||_2 / eps, u = v/||v||_2, of the row case `c` (logits,
// direction, T, epsilon) with the normalizer's weights: softmax's is the theorem's own evaluation,
// the others the same definition in binary64 (no shift of l: sigmoid is not shift-invariant).
double sensitivity(const Case& c, kernels::AttentionNormalizer n) {
  if (n == kernels::AttentionNormalizer::Softmax) return theorems::finite_difference<double>(c).g;
  const Vector<double> l = c.number("logits").to_vector<double>(), v = c.number("direction").to_vector<double>();
  const double T = c.number("T").approx(0), eps = c.number("epsilon").approx(0);
  const Vector<double> step = l + eps * v / euclidean_norm(v);
  return euclidean_norm(Vector<double>(kernels::attention_weights(n, step, T) - kernels::attention_weights(n, l, T))) / eps;
}

// A row case of finite-difference-sensitivity as one of sparsemax-jacobian, which has no
// temperature: logits l/T and step eps/T (both rounded to binary64), so that its claim
// ||sparsemax(l/T + (eps/T) v) - sparsemax(l/T)|| <= (eps/T) ||v|| is g <= 1/T on this row.
Case on_sparsemax_scale(Case c) {
  const double T = c.number("T").approx(0);
  const Vector<double> z = c.number("logits").to_vector<double>() / T;
  c.numbers["logits"] = ExactTensor::vector(std::vector<double>(z.data(), z.data() + z.size()));
  c.numbers["epsilon"] = ExactTensor::scalar(c.number("epsilon").approx(0) / T);
  c.numbers.erase("T");
  return c;
}

class SensitivitySweep final : public Experiment {
 public:
  explicit SensitivitySweep(const SweepSettings& s)
      : s_(s), T_(s.grid_T.empty() ? default_temperatures() : s.grid_T),
        eps_(s.grid_eps.empty() ? std::vector<double>{1e-3, 1e-1, 10} : s.grid_eps),
        certified_(certified_theorems(s.normalizer)), checks_(s) {}

  void add_head(const AttentionHead& head) override {
    // Rows with one key have nothing to perturb (g = 0 for every v) and are left out.
    const std::vector<int> rows = sweep_rows(s_.rows, head.length(), 1);
    if (rows.empty()) return;
    const std::size_t points = s_.logit_scales.size() * T_.size() * eps_.size();
    const std::vector<std::vector<double>> g = row_values(s_, rows.size(), [&](std::size_t r) {
      std::vector<double> row(points);
      Case c = head_row_case(head, rows[r], "finite-difference-sensitivity");
      c.numbers["direction"] = ExactTensor::vector(direction(s_.seed, head, rows[r]));
      c.numbers.erase("vectors");
      for (std::size_t k = 0; k < s_.logit_scales.size(); ++k) {
        c.numbers["logits"] = ExactTensor::vector(logits_on_scale(head, rows[r], s_.logit_scales[k]));
        for (std::size_t i = 0; i < T_.size(); ++i)
          for (std::size_t j = 0; j < eps_.size(); ++j) {
            c.numbers["T"] = ExactTensor::scalar(T_[i]);
            c.numbers["epsilon"] = ExactTensor::scalar(eps_[j]);
            row[point(k, i, j)] = sensitivity(c, s_.normalizer);
          }
      }
      return row;
    });
    Moments& m = moments_[{head.layer, head.head}];
    m.sum.resize(points, 0.0);
    m.products.resize(points * T_.size(), 0.0);
    for (const auto& row : g) {
      for (std::size_t p = 0; p < points; ++p) m.sum[p] += row[p];
      for (std::size_t k = 0; k < s_.logit_scales.size(); ++k)
        for (std::size_t j = 0; j < eps_.size(); ++j)
          for (std::size_t i1 = 0; i1 < T_.size(); ++i1)
            for (std::size_t i2 = 0; i2 < T_.size(); ++i2)
              m.products[product(k, j, i1, i2)] += row[point(k, i1, j)] * row[point(k, i2, j)];
    }
    m.rows += rows.size();
    // Every row (or the last), on every scale at every (T, eps), checked certified against both envelopes.
    const std::size_t first = s_.certify_every_row ? 0 : rows.size() - 1;
    for (const std::string& id : certified_)
      checks_.check(id, (rows.size() - first) * points, [&](std::size_t n) {
        const std::size_t r = first + n / points, k = n % points / (T_.size() * eps_.size());
        const std::size_t i = n % (T_.size() * eps_.size()) / eps_.size(), j = n % eps_.size();
        Case c = head_row_case(head, rows[r], id);
        c.numbers.erase("vectors");
        c.numbers["direction"] = ExactTensor::vector(direction(s_.seed, head, rows[r]));
        c.numbers["logits"] = ExactTensor::vector(logits_on_scale(head, rows[r], s_.logit_scales[k]));
        c.numbers["T"] = ExactTensor::scalar(T_[i]);
        c.numbers["epsilon"] = ExactTensor::scalar(eps_[j]);
        c.label += (s_.logit_scales[k] == "scaled" ? "" : " " + s_.logit_scales[k] + " q.k") + " T=" + number_text(T_[i]) +
                   " eps=" + number_text(eps_[j]);
        return s_.normalizer == kernels::AttentionNormalizer::Softmax ? c : on_sparsemax_scale(c);
      });
    // Corollary 3 as printed on every row of the sweep at the model's own temperature (GPT-2:
    // T = sqrt(64) = 8): the bound the figure's dashed envelope draws, on real attention rows.
    if (s_.normalizer == kernels::AttentionNormalizer::Softmax)
      checks_.check(kCorollary3, rows.size(), [&](std::size_t r) {
        Case row = head_row_case(head, rows[r], kCorollary3);
        row.numbers.erase("vectors");
        return row;
      });
  }

  ExperimentOutcome finish() override {
    ExperimentOutcome o;
    o.id = normalized_id(kId, s_.normalizer);
    o.title = "Algorithm 5: finite-difference sensitivity against T (Fig. 4)" + normalized_title(s_.normalizer);
    o.paper_runtime = "1 min";
    o.method = "binary64: g of each row by the finite-difference-sensitivity theorem's own evaluation (logits "
               "shifted by their maximum), l = " + scales_text() + " (scaled: q.k/sqrt(d), the model's logits; raw: "
               "q.k), one Gaussian unit v per row shared by all (T, eps), rows with one key left out; mean over rows (" +
               s_.rows + " per head, all windows), then the maximum over heads, with that head's standard error of the mean" +
               normalized_method(s_.normalizer) +
               (s_.normalizer == kernels::AttentionNormalizer::Softmax
                    ? "; every row also checked certified against Corollary 3 as printed at the model's own T"
                    : "");
    o.evidence = std::to_string(moments_.size()) + " (layer, head) pairs, all windows; rows: " + s_.rows +
                 " per head with two or more keys; T grid " + grid_text(T_) + "; eps grid " + grid_text(eps_) +
                 "; one Gaussian direction per row";
    o.per_head.columns = {"logits", "layer", "head", "rows", "T", "eps", "mean_g", "sd_g"};
    o.aggregate.columns = {"logits", "T", "eps", "max_over_heads_g", "standard_error_of_that_head"};
    const std::vector<ReferenceLine> lines = reference_lines();
    for (const ReferenceLine& line : lines) o.aggregate.columns.push_back(line.column);
    for (std::size_t k = 0; k < s_.logit_scales.size(); ++k) {
      const std::string& scale = s_.logit_scales[k];
      SensitivityCurves curves{scale, T_, eps_, std::vector<std::vector<double>>(eps_.size(), std::vector<double>(T_.size(), 0.0)),
                               std::vector<std::vector<std::vector<double>>>(
                                   eps_.size(), std::vector<std::vector<double>>(T_.size(), std::vector<double>(T_.size(), 0.0)))};
      std::vector<std::vector<double>> best_se(eps_.size(), std::vector<double>(T_.size(), 0.0));
      std::vector<std::vector<const Moments*>> best_head(eps_.size(), std::vector<const Moments*>(T_.size(), nullptr));
      // The covariance of two means over the same n rows: (sum of products - n m1 m2) / ((n - 1) n).
      const auto covariance_of_means = [&](const Moments& m, std::size_t j, std::size_t i1, std::size_t i2) {
        const double n = static_cast<double>(m.rows);
        if (n < 2) return 0.0;
        const double m1 = m.sum[point(k, i1, j)] / n, m2 = m.sum[point(k, i2, j)] / n;
        return (m.products[product(k, j, i1, i2)] - n * m1 * m2) / ((n - 1) * n);
      };
      for (const auto& [key, m] : moments_) {
        const double n = static_cast<double>(m.rows);
        for (std::size_t i = 0; i < T_.size(); ++i)
          for (std::size_t j = 0; j < eps_.size(); ++j) {
            const double mean = m.sum[point(k, i, j)] / n;
            const double se = std::sqrt(std::max(0.0, covariance_of_means(m, j, i, i)));
            if (mean > curves.best[j][i]) {
              curves.best[j][i] = mean;
              best_se[j][i] = se;
              best_head[j][i] = &m;
            }
            o.per_head.add({scale, std::to_string(key.first), std::to_string(key.second), number_text(n),
                            number_text(T_[i]), number_text(eps_[j]), number_text(mean), number_text(se * std::sqrt(n))});
          }
      }
      for (std::size_t j = 0; j < eps_.size(); ++j)
        for (std::size_t i1 = 0; i1 < T_.size(); ++i1)
          for (std::size_t i2 = 0; i2 < T_.size(); ++i2)
            if (best_head[j][i1] && best_head[j][i1] == best_head[j][i2])
              curves.relative_covariance[j][i1][i2] = covariance_of_means(*best_head[j][i1], j, i1, i2) /
                                                      (curves.best[j][i1] * curves.best[j][i2]);
      SweepFigure fig{normalized_id(scale == "scaled" ? std::string(kId) : std::string(kId) + "-" + scale, s_.normalizer),
                      "Fig. 4: max over heads of the mean sensitivity g (" + scale + " logits)" +
                          normalized_title(s_.normalizer),
                      "T", "g(T, eps)", true, true, {}, {}, {}};
      for (std::size_t j = 0; j < eps_.size(); ++j) {
        for (std::size_t i = 0; i < T_.size(); ++i) {
          std::vector<std::string> row{scale, number_text(T_[i]), number_text(eps_[j]), number_text(curves.best[j][i]),
                                       number_text(best_se[j][i])};
          for (const ReferenceLine& line : lines) row.push_back(number_text(line.values[i]));
          o.aggregate.add(std::move(row));
        }
        fig.series.push_back({"eps = " + number_text(eps_[j]), T_, curves.best[j], false});
      }
      for (const ReferenceLine& line : lines) fig.series.push_back({line.legend, T_, line.values, line.dashed});
      o.figures.push_back(fig);
      if (s_.normalizer != kernels::AttentionNormalizer::Softmax) continue;
      const std::vector<Claim> claims = sensitivity_claims(curves, !moments_.empty());
      o.claims.insert(o.claims.end(), claims.begin(), claims.end());
    }
    o.certified = checks_.results();
    o.certified_seconds = checks_.seconds();
    return o;
  }

 private:
  // A line of the figure over the T grid, also a column of the aggregate table.
  struct ReferenceLine {
    std::string column, legend;
    std::vector<double> values;
    bool dashed;
  };
  // Softmax: the paper's envelope as printed and the sharp 1/(2T); another normalizer: its
  // Jacobian's norm bound (kernels::jacobian_norm_bound), which bounds g for every eps, or none.
  std::vector<ReferenceLine> reference_lines() const {
    std::vector<double> printed, bound;
    for (double T : T_) {
      printed.push_back(std::min(1 / (4 * T), std::sqrt(2.0)));
      bound.push_back(kernels::jacobian_norm_bound(s_.normalizer, T));
    }
    if (s_.normalizer == kernels::AttentionNormalizer::Softmax)
      return {{"envelope_as_printed_min_1/(4T)_sqrt2", "min{1/(4T), sqrt 2} (as printed)", printed, true},
              {"envelope_1/(2T)", "1/(2T)", bound, false}};
    if (bound.empty() || bound.front() == 0) return {};
    return {{"jacobian_norm_bound", "Jacobian norm bound", bound, true}};
  }

  SweepSettings s_;
  std::vector<double> T_, eps_;
  // Per (layer, head), over all windows: sums of g and g^2 per (scale, T, eps), and the rows.
  struct Moments {
    std::vector<double> sum;       // by point()
    std::vector<double> products;  // g(T1) g(T2) of a row, by product(): for the covariances of the E6 ratios
    std::size_t rows = 0;
  };
  std::size_t point(std::size_t scale, std::size_t i, std::size_t j) const { return (scale * T_.size() + i) * eps_.size() + j; }
  std::size_t product(std::size_t scale, std::size_t j, std::size_t i1, std::size_t i2) const {
    return ((scale * eps_.size() + j) * T_.size() + i1) * T_.size() + i2;
  }
  std::map<std::pair<int, int>, Moments> moments_;

  std::string scales_text() const {
    std::string s;
    for (const std::string& scale : s_.logit_scales) s += (s.empty() ? "" : " and ") + scale;
    return s;
  }
  // The theorems each row is checked against at every (T, eps), by id: the paper's envelopes for
  // softmax, sparsemax's Lipschitz bound for sparsemax (on_sparsemax_scale), none for the others.
  static std::vector<std::string> certified_theorems(kernels::AttentionNormalizer n) {
    if (n == kernels::AttentionNormalizer::Softmax)
      return {"finite-difference-sensitivity", "finite-difference-sensitivity-as-printed"};
    if (n == kernels::AttentionNormalizer::Sparsemax) return {"sparsemax-jacobian"};
    return {};
  }
  std::vector<std::string> certified_;
  HeadChecks checks_;
};

}  // namespace

std::unique_ptr<Experiment> sensitivity_sweep(const SweepSettings& settings) {
  return std::make_unique<SensitivitySweep>(settings);
}

}  // namespace nb::reproduce
