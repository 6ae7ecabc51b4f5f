#include "verify/reproduce/normalized_rows.hpp"

namespace nb::reproduce {

using kernels::AttentionNormalizer;

std::string normalized_id(const std::string& id, AttentionNormalizer n) {
  return n == AttentionNormalizer::Softmax ? id : id + "-" + kernels::attention_normalizer_name(n);
}

std::string normalized_title(AttentionNormalizer n) {
  return n == AttentionNormalizer::Softmax ? "" : std::string(" [") + kernels::attention_normalizer_name(n) + "]";
}

std::string normalized_method(AttentionNormalizer n) {
  if (n == AttentionNormalizer::Softmax) return "";
  return "; weights: " + kernels::attention_normalizer_definition(n) +
         ", in binary64 (u = 2^-53; each weight from at most L sorted terms and sums, not verified)";
}

theorems::TokenInput<double> normalized_token_input(const Case& row, AttentionNormalizer n) {
  theorems::TokenInput<double> in = theorems::token_input<double>(row);
  if (n == AttentionNormalizer::Softmax) return in;
  const auto [logits, T] = theorems::softmax_input<double>(row);
  in.alpha = kernels::attention_weights(n, logits, T);
  in.y = theorems::weighted_rows(in.alpha, in.x);
  return in;
}

}  // namespace nb::reproduce
