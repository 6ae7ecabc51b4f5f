#include "verify/formula/vocabulary/sign_splits.hpp"

#include <algorithm>
#include <cmath>

namespace nb::formula {

const std::vector<VocabularyEntry>& sign_split_entries() {
  static const std::vector<VocabularyEntry> entries = {
      {.name = "sign_split",
       .result = [](const std::vector<Shape>& shapes, const std::vector<Size>& sizes) -> std::pair<Shape, Size> {
         need_shape("sign_split", 0, shapes, sizes, Shape::Vector);
         return {Shape::Scalar, Size{}};
       },
       .latex = [](const std::vector<std::string>& a) {
         const std::string v = latex_operand(a[0]);
         return "\\left(\\left(\\mathbf{1}^{\\top} " + v + "\\right)^{2} - \\min_{s \\in \\{\\pm 1\\}^{n}} \\left(s^{\\top} " +
                v + "\\right)^{2}\\right)";
       },
       .cost = [](const std::vector<std::pair<double, double>>& e) {
         return std::ldexp(1.0, static_cast<int>(std::min(e[0].first, 64.0)) - 1) * e[0].first;
       }},
  };
  return entries;
}

}  // namespace nb::formula
