#include "verify/formula/vocabulary/integers.hpp"

namespace nb::formula {
namespace {

// A function of `arity` scalars with a scalar value.
VocabularyEntry of_scalars(const std::string& name, std::size_t arity, std::function<std::string(Texts)> latex) {
  return {.name = name,
          .arity = arity,
          .result = [name, arity](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
            for (std::size_t k = 0; k < arity; ++k) need_shape(name, k, shapes, sizes, Shape::Scalar);
            return {Shape::Scalar, Size{}};
          },
          .latex = std::move(latex),
          // Its integer argument is not known before a case: a few dozen multiplications.
          .cost = [](Extents) { return 64.0; }};
}

}  // namespace

const std::vector<VocabularyEntry>& integer_entries() {
  static const std::vector<VocabularyEntry> entries = {
      {.name = "one_to",
       .result = [](Shapes shapes, Sizes sizes) -> std::pair<Shape, Size> {
         need_shape("one_to", 0, shapes, sizes, Shape::Scalar);
         return {Shape::Vector, Size{"", "1"}};
       },
       .latex = [](Texts a) { return "\\left(1, \\dots, " + a[0] + "\\right)"; },
       .cost = [](Extents) { return 64.0; }},
      of_scalars("binomial", 2, [](Texts a) { return "\\binom{" + a[0] + "}{" + a[1] + "}"; }),
      of_scalars("integer_power", 2, [](Texts a) { return latex_operand(a[0]) + "^{" + a[1] + "}"; }),
  };
  return entries;
}

}  // namespace nb::formula
