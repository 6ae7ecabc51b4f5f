#include "verify/formula/vocabulary/linear_algebra.hpp"

#include <cmath>

namespace nb::formula {
namespace {

// A square matrix's argument, checked; the result a scalar.
std::pair<Shape, Size> scalar_of_square(const std::string& f, Shapes shapes, Sizes sizes) {
  need_shape(f, 0, shapes, sizes, Shape::Matrix);
  if (sizes_differ(sizes[0].rows, sizes[0].cols))
    throw VocabularyMisuse(f + " needs a square matrix, not " + shape_words(shapes[0], sizes[0]));
  return {Shape::Scalar, Size{}};
}

}  // namespace

const std::vector<VocabularyEntry>& linear_algebra_entries() {
  static const std::vector<VocabularyEntry> entries = {
      {.name = "matmul",
       .arity = 2,
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("matmul", 0, shapes, sizes, Shape::Matrix);
         if (shapes[1] == Shape::Scalar)
           throw VocabularyMisuse("matmul's argument 2 must be a matrix or a vector, not a scalar");
         if (sizes_differ(sizes[0].cols, sizes[1].rows))
           throw VocabularyMisuse("matmul of " + shape_words(shapes[0], sizes[0]) + " by " +
                                  shape_words(shapes[1], sizes[1]) + ": the inner sizes differ");
         if (shapes[1] == Shape::Vector) return {Shape::Vector, Size{sizes[0].rows, "1"}};
         return {Shape::Matrix, Size{sizes[0].rows, sizes[1].cols}};
       },
       .latex = [](const std::vector<std::string>& a) { return latex_operand(a[0]) + " \\, " + latex_operand(a[1]); },
       .cost = [](Extents e) { return 2 * e[0].first * e[0].second * e[1].second; }},
      {.name = "transpose",
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("transpose", 0, shapes, sizes, Shape::Matrix);
         return {Shape::Matrix, Size{sizes[0].cols, sizes[0].rows}};
       },
       .latex = [](const std::vector<std::string>& a) { return "{" + latex_operand(a[0]) + "}^{\\top}"; },
       .cost = [](Extents e) { return e[0].first * e[0].second; }},
      {.name = "trace",
       .result = [](Shapes shapes, Sizes sizes) { return scalar_of_square("trace", shapes, sizes); },
       .latex = [](const std::vector<std::string>& a) { return "\\operatorname{tr}\\left(" + a[0] + "\\right)"; },
       .cost = [](Extents e) { return e[0].first; }},
      {.name = "eigmax",
       .result = [](Shapes shapes, Sizes sizes) { return scalar_of_square("eigmax", shapes, sizes); },
       .latex = [](const std::vector<std::string>& a) { return "\\lambda_{\\max}\\left(" + a[0] + "\\right)"; },
       .cost = [](Extents e) { return 20 * e[0].first * e[0].first * e[0].first; }},
      {.name = "eigmin",
       .result = [](Shapes shapes, Sizes sizes) { return scalar_of_square("eigmin", shapes, sizes); },
       .latex = [](const std::vector<std::string>& a) { return "\\lambda_{\\min}\\left(" + a[0] + "\\right)"; },
       .cost = [](Extents e) { return 20 * e[0].first * e[0].first * e[0].first; }},
      {.name = "inf_to_one_norm",
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("inf_to_one_norm", 0, shapes, sizes, Shape::Matrix);
         return {Shape::Scalar, Size{}};
       },
       .latex = [](const std::vector<std::string>& a) {
         return "\\left\\lVert " + a[0] + "\\right\\rVert_{\\infty\\to 1}";
       },
       .cost = [](Extents e) { return std::ldexp(1.0, static_cast<int>(std::min(e[0].second, 64.0)) - 1) * e[0].first * e[0].second; }},
  };
  return entries;
}

}  // namespace nb::formula
