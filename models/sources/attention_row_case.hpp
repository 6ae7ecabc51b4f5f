#pragma once
// One query row of one attention head as a case of exact numbers.
#include <memory>
#include <string>
#include <vector>

#include "models/gpt2/model.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/case_list.hpp"
#include "verify/numbers/exact.hpp"

namespace nb::sources {

// Rows 0..last of `m` as an exact (last+1) x cols tensor (float32 converts exactly to binary64).
ExactTensor leading_rows(const gpt2::Matrix<float>& m, int last);

// Binary64 dot products q_t . k_s for s = 0..t, of the exact float32 vectors (rounded per
// operation, so not exact; q and k are the exact inputs).
ExactTensor row_logits(const gpt2::Matrix<float>& q, const gpt2::Matrix<float>& k, int t);

// A case for query row t of a head: "logits" (row_logits), "T" = temperature, "query" = q_t,
// "keys" = k_0..k_t, "values" = v_0..v_t, and "vectors" = rows 0..t of `vectors` (the x_i of the
// vector theorems: one of q, k, v or the layer input, as the caller chose).
// Label "L<layer> H<head> row <t>"; provenance layer, head, row.
Case attention_row_case(int layer, int head, int t, const gpt2::Matrix<float>& q, const gpt2::Matrix<float>& k,
                        const gpt2::Matrix<float>& v, const ExactTensor& temperature,
                        const gpt2::Matrix<float>& vectors);

// One head's activations, shared by the cases of its rows (the matrices as attention_row_case takes them).
struct HeadMatrices {
  int layer = 0, head = 0;
  std::shared_ptr<const gpt2::Matrix<float>> q, k, v, vectors;
};

// The cases of query rows `rows` of every head of `heads`, in the order head, row, each built when
// asked as attention_row_case builds it: a source holds its heads' activations, not a case per row.
CaseList attention_row_cases(std::vector<HeadMatrices> heads, std::vector<int> rows, ExactTensor temperature);

// The label and provenance every per-row case shares: "L<layer> H<head> row <t>".
void set_row_identity(Case& c, int layer, int head, int t);

}  // namespace nb::sources
