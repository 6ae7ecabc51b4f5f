#include "verify/kernels/attention_normalizer.hpp"

#include <cmath>

#include "verify/io/errors.hpp"
#include "verify/kernels/entmax15.hpp"
#include "verify/kernels/sparsemax.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::kernels {

// Scalable softmax's parameter s (Nakanishi 2025 learns it per head; 1 is its initial value).
constexpr double kScalableSoftmaxS = 1;

const std::vector<AttentionNormalizer>& attention_normalizers() {
  static const std::vector<AttentionNormalizer> all{AttentionNormalizer::Softmax, AttentionNormalizer::Sparsemax,
                                                    AttentionNormalizer::Entmax15, AttentionNormalizer::Sigmoid,
                                                    AttentionNormalizer::Ssmax};
  return all;
}

const char* attention_normalizer_name(AttentionNormalizer n) {
  switch (n) {
    case AttentionNormalizer::Softmax: return "softmax";
    case AttentionNormalizer::Sparsemax: return "sparsemax";
    case AttentionNormalizer::Entmax15: return "entmax15";
    case AttentionNormalizer::Sigmoid: return "sigmoid";
    case AttentionNormalizer::Ssmax: return "ssmax";
  }
  return "?";
}

AttentionNormalizer attention_normalizer(const std::string& name) {
  for (AttentionNormalizer n : attention_normalizers())
    if (name == attention_normalizer_name(n)) return n;
  throw UsageError("unknown normalizer '" + name + "' (expected softmax, sparsemax, entmax15, sigmoid, ssmax or all)");
}

std::string attention_normalizer_definition(AttentionNormalizer n) {
  switch (n) {
    case AttentionNormalizer::Softmax: return "softmax(l/T) (arXiv 2508.17821, eq. (2))";
    case AttentionNormalizer::Sparsemax: return "sparsemax(l/T), the projection onto the simplex (Martins & Astudillo 2016)";
    case AttentionNormalizer::Entmax15:
      return "1.5-entmax(l/T) = [l/(2T) - tau]_+^2, tau by the sort-based algorithm (Peters, Niculae & Martins 2019)";
    case AttentionNormalizer::Sigmoid:
      return "sigmoid(l/T - log L), not normalized to sum 1 (sigmoid attention, Ramapuram et al. 2024)";
    case AttentionNormalizer::Ssmax: return "softmax(s log(L) l/T) with s = 1 (scalable softmax, Nakanishi 2025)";
  }
  return "?";
}

bool on_simplex(AttentionNormalizer n) { return n != AttentionNormalizer::Sigmoid; }

Vector<double> attention_weights(AttentionNormalizer n, const Vector<double>& logits, double T) {
  const double L = static_cast<double>(logits.size());
  switch (n) {
    case AttentionNormalizer::Softmax: return softmax(logits, T);
    case AttentionNormalizer::Sparsemax: return sparsemax(Vector<double>(logits / T));
    case AttentionNormalizer::Entmax15: return entmax15(Vector<double>(logits / T));
    case AttentionNormalizer::Sigmoid:
      // sigma(x) = 1 / (1 + e^{-x}): no overflow for large |x| (e^{-x} = inf gives 0).
      return (1 / (1 + (-(logits.array() / T - std::log(L))).exp())).matrix();
    case AttentionNormalizer::Ssmax: return softmax(Vector<double>(logits * (kScalableSoftmaxS * std::log(L))), T);
  }
  return logits;
}

double jacobian_norm_bound(AttentionNormalizer n, double T) {
  switch (n) {
    case AttentionNormalizer::Softmax: return 1 / (2 * T);
    case AttentionNormalizer::Sparsemax:
    case AttentionNormalizer::Entmax15: return 1 / T;
    case AttentionNormalizer::Sigmoid: return 1 / (4 * T);
    case AttentionNormalizer::Ssmax: break;
  }
  return 0;
}

}  // namespace nb::kernels
