#include "verify/formula/vocabulary/normalizers.hpp"

#include <cmath>

namespace nb::formula {
namespace {

// A normalizer of one vector: a vector of its length, or (a Jacobian) a square matrix.
VocabularyEntry of_a_vector(const std::string& name, bool jacobian, std::string tex, double cost_per_entry) {
  return {.name = name,
          .result = [name, jacobian](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
            need_shape(name, 0, shapes, sizes, Shape::Vector);
            if (jacobian) return {Shape::Matrix, Size{sizes[0].rows, sizes[0].rows}};
            return {Shape::Vector, Size{sizes[0].rows, "1"}};
          },
          .latex = [tex](Texts a) { return tex + "\\left(" + a[0] + "\\right)"; },
          .cost = [jacobian, cost_per_entry](Extents e) {
            const double n = e[0].first;
            return cost_per_entry * n * std::log2(n + 1) + (jacobian ? 3 * n * n : 0);
          }};
}

}  // namespace

const std::vector<VocabularyEntry>& normalizer_entries() {
  static const std::vector<VocabularyEntry> entries = {
      {.name = "sigmoid",
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> { return {shapes[0], sizes[0]}; },
       .latex = [](Texts a) { return "\\sigma\\left(" + a[0] + "\\right)"; },
       .cost = [](Extents e) { return 4 * e[0].first * e[0].second; }},
      {.name = "ssmax",
       .arity = 2,
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("ssmax", 0, shapes, sizes, Shape::Vector);
         need_shape("ssmax", 1, shapes, sizes, Shape::Scalar);
         return {Shape::Vector, Size{sizes[0].rows, "1"}};
       },
       .latex = [](Texts a) { return "\\operatorname{ssmax}_{" + a[1] + "}\\left(" + a[0] + "\\right)"; },
       .cost = [](Extents e) { return 6 * e[0].first; }},
      of_a_vector("sparsemax", false, "\\operatorname{sparsemax}", 8),
      of_a_vector("entmax15", false, "\\operatorname{entmax}_{1.5}", 40),
      of_a_vector("sparsemax_jacobian", true, "J_{\\mathrm{sparsemax}}", 8),
      of_a_vector("entmax15_jacobian", true, "J_{\\mathrm{entmax}_{1.5}}", 40),
  };
  return entries;
}

}  // namespace nb::formula
