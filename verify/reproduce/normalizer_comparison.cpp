#include "verify/reproduce/normalizer_comparison.hpp"

#include <algorithm>

#include "verify/reproduce/normalized_rows.hpp"

namespace nb::reproduce {
namespace {

using kernels::AttentionNormalizer;

const SweepFigure* figure_named(const std::vector<ExperimentOutcome>& outcomes, const std::string& name) {
  for (const ExperimentOutcome& o : outcomes)
    for (const SweepFigure& f : o.figures)
      if (f.name == name) return &f;
  return nullptr;
}

// One curve of every normalizer against a common grid, as a figure, with the table's columns
// for the grid's two ends.
struct Quantity {
  std::string figure;       // the experiment's figure (softmax's name; reproduce/normalized_rows.hpp)
  std::string column;       // table column stem: "<column> at <x_label>=<x>"
  SweepFigure comparison;   // name, title and axes; series added per normalizer
  // The normalizer's curve from its experiment's figure (empty when there is none).
  SweepSeries (*curve)(const SweepFigure&);
};

SweepSeries first_series(const SweepFigure& f) { return f.series.empty() ? SweepSeries{} : f.series.front(); }

SweepSeries box_medians(const SweepFigure& f) {
  SweepSeries s;
  for (const SweepBox& b : f.boxes) {
    s.x.push_back(b.x);
    s.y.push_back(b.median);
  }
  return s;
}

std::vector<Quantity> quantities() {
  return {{"fig2a", "mean distance", {"normalizers-distance", "Algorithm 1: cumulative distance against L, per normalizer",
                                      "L", "mean over rows, then heads", true, true, {}, {}, {}}, first_series},
          {"fig3", "median N_s/N", {"normalizers-separability", "Algorithm 4: median over heads of N_s/N against N, per normalizer",
                                    "N", "N_s / N", true, false, {}, {}, {}}, box_medians},
          {"fig4", "max g (first eps)", {"normalizers-sensitivity",
                                         "Algorithm 5: max over heads of the mean g(T, eps) at the first eps, per normalizer",
                                         "T", "g(T, eps)", true, true, {}, {}, {}}, first_series}};
}

}  // namespace

NormalizerComparison compare_normalizers(const std::vector<ExperimentOutcome>& outcomes,
                                         const std::vector<AttentionNormalizer>& normalizers) {
  NormalizerComparison c;
  c.table.columns = {"normalizer", "weights_sum_to_1"};
  std::vector<std::vector<std::string>> rows;
  for (AttentionNormalizer n : normalizers)
    rows.push_back({kernels::attention_normalizer_name(n), kernels::on_simplex(n) ? "yes" : "no"});
  for (Quantity& q : quantities()) {
    // The grid's ends from the first normalizer with the curve: every normalizer shares the grid.
    std::vector<SweepSeries> curves;
    for (AttentionNormalizer n : normalizers) {
      const SweepFigure* f = figure_named(outcomes, normalized_id(q.figure, n));
      curves.push_back(f ? q.curve(*f) : SweepSeries{});
      curves.back().name = kernels::attention_normalizer_name(n);
      curves.back().dashed = n == AttentionNormalizer::Softmax;
    }
    const auto with_points = std::find_if(curves.begin(), curves.end(), [](const SweepSeries& s) { return !s.x.empty(); });
    if (with_points == curves.end()) continue;
    const double first = with_points->x.front(), last = with_points->x.back();
    c.table.columns.push_back(q.column + " at " + q.comparison.x_label + "=" + number_text(first));
    c.table.columns.push_back(q.column + " at " + q.comparison.x_label + "=" + number_text(last));
    for (std::size_t k = 0; k < curves.size(); ++k) {
      const SweepSeries& s = curves[k];
      const auto at = [&](double x) {
        const auto it = std::find(s.x.begin(), s.x.end(), x);
        return it == s.x.end() ? std::string("-") : number_text(s.y[static_cast<std::size_t>(it - s.x.begin())]);
      };
      rows[k].push_back(at(first));
      rows[k].push_back(at(last));
      if (!s.x.empty()) q.comparison.series.push_back(s);
    }
    c.figures.push_back(q.comparison);
  }
  for (auto& row : rows) c.table.add(std::move(row));
  return c;
}

Claim normalizer_claim(AttentionNormalizer n) {
  const std::string name = kernels::attention_normalizer_name(n);
  Claim c{"E1-E6 [" + name + "]", "the paper's claims, made for softmax", "the criteria of E1-E6 (softmax rows)", "-",
          ClaimVerdict::NotApplicable, "", "the comparison of normalizers", {}};
  c.basis = "the paper states E1-E6 for softmax only; for " + kernels::attention_normalizer_definition(n) +
            " Algorithms 1-5 run as measurements (the comparison of normalizers) and the paper's theorems are not "
            "checked on its rows" +
            (n == AttentionNormalizer::Sparsemax ? "; Algorithm 5's rows are checked certified against sparsemax's own "
                                                   "Lipschitz bound (sparsemax-jacobian, g <= 1/T)"
                                                 : "") +
            (kernels::on_simplex(n) ? ""
                                    : "; its weights do not sum to 1, so Theorem 1's bound (Algorithms 1-2) does not apply "
                                      "and is left out");
  return c;
}

}  // namespace nb::reproduce
