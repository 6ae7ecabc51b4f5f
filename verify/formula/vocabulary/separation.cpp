#include "verify/formula/vocabulary/separation.hpp"

namespace nb::formula {
namespace {

// Weights a (a vector), rows X (a matrix) and a set S (a vector), a's and S's lengths X's rows.
void need_weights_rows_set(const std::string& f, Shapes shapes, Sizes sizes) {
  need_shape(f, 0, shapes, sizes, Shape::Vector);
  need_shape(f, 1, shapes, sizes, Shape::Matrix);
  need_shape(f, 2, shapes, sizes, Shape::Vector);
  for (const std::size_t k : {0, 2})
    if (sizes_differ(sizes[k].rows, sizes[1].rows))
      throw VocabularyMisuse(f + "'s argument " + std::to_string(k + 1) + " is " + shape_words(shapes[k], sizes[k]) +
                             ", not of the length of the rows of " + shape_words(shapes[1], sizes[1]));
}

// "s - a_m X_m" with s = sum_{j in S} a_j X_j, for an argument list a, X, S.
std::string distance_to_sum_tex(Texts a, const std::string& m) {
  return "\\left\\lVert \\sum_{j\\in " + a[2] + "}" + latex_operand(a[0]) + "_j " + latex_operand(a[1]) + "_j - " +
         latex_operand(a[0]) + "_" + m + " " + latex_operand(a[1]) + "_" + m + "\\right\\rVert_2";
}

}  // namespace

const std::vector<VocabularyEntry>& separation_entries() {
  static const std::vector<VocabularyEntry> entries = {
      {.name = "separation",
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("separation", 0, shapes, sizes, Shape::Matrix);
         return {Shape::Scalar, Size{}};
       },
       .latex = [](Texts a) {
         return "\\min_{i\\ne j}\\left\\lVert " + latex_operand(a[0]) + "_i - " + latex_operand(a[0]) + "_j\\right\\rVert_2";
       },
       // The screen discards most pairs; the estimate is the worst case, every pair.
       .cost = [](Extents e) { return e[0].first * e[0].first * e[0].second; }},
      {.name = "distances_to_sum",
       .arity = 3,
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_weights_rows_set("distances_to_sum", shapes, sizes);
         return {Shape::Vector, Size{sizes[1].rows, "1"}};
       },
       .latex = [](Texts a) { return "\\left(" + distance_to_sum_tex(a, "m") + "\\right)_{m}"; },
       // The rows of S of the Gram matrix: |S| L d, at most L^2 d.
       .cost = [](Extents e) { return e[1].first * e[1].first * (e[1].second + 2); },
       .shares_work = true},
      {.name = "separable_count",
       .arity = 3,
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_weights_rows_set("separable_count", shapes, sizes);
         return {Shape::Scalar, Size{}};
       },
       .latex = [](Texts a) {
         return "\\#\\left\\{k\\in " + a[2] + " : " + distance_to_sum_tex(a, "k") + " < \\min_{i\\notin " + a[2] + "}" +
                distance_to_sum_tex(a, "i") + "\\right\\}";
       },
       .cost = [](Extents e) { return e[1].first * e[1].first * (e[1].second + 8); },
       .shares_work = true},
  };
  return entries;
}

}  // namespace nb::formula
