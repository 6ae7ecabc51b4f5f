#include "verify/formula/vocabulary/normalizer_kernels.hpp"

namespace nb::formula {
namespace {

using Shapes = const std::vector<Shape>&;
using Sizes = const std::vector<Size>&;
using Extents = const std::vector<std::pair<double, double>>&;
using Texts = const std::vector<std::string>&;

// One of the family: (F, x, T, c, s) with F, T, c, s scalars and x a vector (or also a scalar,
// `pointwise`); its value x's shape, or an L x L matrix (`jacobian`). `symbol` is its LaTeX
// before the kernel's subscript.
VocabularyEntry kernel_entry(const std::string& name, const std::string& symbol, bool pointwise, bool jacobian) {
  return {.name = name,
          .arity = 5,
          .result = [name, pointwise, jacobian](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
            for (const std::size_t k : {0, 2, 3, 4}) need_shape(name, k, shapes, sizes, Shape::Scalar);
            if (!(pointwise && shapes[1] == Shape::Scalar)) need_shape(name, 1, shapes, sizes, Shape::Vector);
            if (jacobian) return {Shape::Matrix, Size{sizes[1].rows, sizes[1].rows}};
            return {shapes[1], sizes[1]};
          },
          .latex = [symbol](Texts a) { return symbol + "_{" + a[0] + "}\\left(" + a[1] + "\\right)"; },
          .cost = [jacobian](Extents e) {
            const double n = e[1].first;
            return 12 * n + (jacobian ? 3 * n * n : 0);
          }};
}

}  // namespace

const std::vector<VocabularyEntry>& normalizer_kernel_entries() {
  static const std::vector<VocabularyEntry> entries = {
      kernel_entry("normalizer_value", "F", true, false),
      kernel_entry("normalizer_slope", "F'", true, false),
      kernel_entry("normalizer_weights", "\\alpha", false, false),
      kernel_entry("normalizer_slopes", "\\beta", false, false),
      kernel_entry("normalizer_jacobian", "\\nabla\\alpha", false, true),
  };
  return entries;
}

const std::vector<std::string>& normalizer_kernel_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    for (int k = 0; k < kNormalizerKindCount; ++k) w.emplace_back(normalizer_name(static_cast<NormalizerKind>(k)));
    return w;
  }();
  return words;
}

}  // namespace nb::formula
