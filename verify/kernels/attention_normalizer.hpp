#pragma once
// The attention normalizers the reproduction compares with the paper's softmax (arXiv 2508.17821
// studies softmax only), each a map from a row's logits l and a temperature T to weights, in
// binary64:
//   softmax    softmax(l/T)                                   (the paper, eq. (2))
//   sparsemax  sparsemax(l/T)                                 (Martins & Astudillo 2016)
//   entmax15   1.5-entmax(l/T) = [l/(2T) - tau]_+^2            (Peters, Niculae & Martins 2019)
//   sigmoid    sigma(l_i/T - log L), NOT normalized to sum 1  (Ramapuram et al. 2024, bias -log L)
//   ssmax      softmax(s log(L) l/T) with s = 1               (Nakanishi 2025, scalable softmax)
// L is the row's length.
#include <string>
#include <vector>

#include "verify/numbers/numbers.hpp"

namespace nb::kernels {

enum class AttentionNormalizer { Softmax, Sparsemax, Entmax15, Sigmoid, Ssmax };

// Every normalizer, softmax first.
const std::vector<AttentionNormalizer>& attention_normalizers();

// "softmax", "sparsemax", "entmax15", "sigmoid", "ssmax".
const char* attention_normalizer_name(AttentionNormalizer n);

// The normalizer named `name`; throws UsageError listing the names when there is none.
AttentionNormalizer attention_normalizer(const std::string& name);

// Its definition with its source, for methods and reports.
std::string attention_normalizer_definition(AttentionNormalizer n);

// Whether its weights lie on the simplex (non-negative, sum 1): all but sigmoid.
bool on_simplex(AttentionNormalizer n);

// The weights of `logits` (non-empty) at temperature T > 0. Softmax is verify/kernels/softmax.hpp's,
// bit for bit.
Vector<double> attention_weights(AttentionNormalizer n, const Vector<double>& logits, double T);

// A bound on the spectral norm of the weights' Jacobian d alpha / d l valid for every row, or 0
// where none is independent of L (softmax: 1/(2T); sparsemax: 1/T, a projection over T;
// entmax15: 1/T, J = (diag(s) - s s^T / sum s)/T with s_i = sqrt(alpha_i) <= 1; sigmoid: 1/(4T),
// diagonal with sigma' <= 1/4; ssmax: s log(L)/(2T) grows with L, so 0).
double jacobian_norm_bound(AttentionNormalizer n, double T);

}  // namespace nb::kernels
