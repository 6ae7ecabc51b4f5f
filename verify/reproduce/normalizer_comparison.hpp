#pragma once
// The paper's Algorithms 1, 4 and 5 side by side for each attention normalizer of a run
// (verify/kernels/attention_normalizer.hpp; the paper studies softmax only): per normalizer the
// distance of Algorithm 1 against L, the median separable fraction of Algorithm 4 against N and
// the sensitivity g of Algorithm 5 against T, read from the experiments' own figures, as one
// table (ends of each grid) and one figure per quantity (every grid point).
#include <vector>

#include "verify/kernels/attention_normalizer.hpp"
#include "verify/reproduce/claim.hpp"
#include "verify/reproduce/experiment.hpp"
#include "verify/reproduce/result_table.hpp"
#include "reports/sweep_figure.hpp"

namespace nb::reproduce {

struct NormalizerComparison {
  ResultTable table;  // one row per normalizer
  std::vector<SweepFigure> figures;
};

// From the outcomes of every experiment run, for `normalizers` (softmax first). A quantity whose
// experiment did not run, or had no rows, is "-" in the table and missing from the figures.
NormalizerComparison compare_normalizers(const std::vector<ExperimentOutcome>& outcomes,
                                         const std::vector<kernels::AttentionNormalizer>& normalizers);

// The claims-table row of a normalizer other than softmax: the paper's claims E1-E6 are about
// softmax, so NOT APPLICABLE, with what does and does not carry over to this normalizer.
Claim normalizer_claim(kernels::AttentionNormalizer n);

}  // namespace nb::reproduce
