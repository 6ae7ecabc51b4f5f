#include "verify/formula/vocabulary/vocabulary_function.hpp"

#include <cctype>

namespace nb::formula {

std::string shape_words(Shape s, const Size& size) {
  if (s == Shape::Scalar) return "a scalar";
  if (s == Shape::Vector) return size.rows.empty() ? "a vector" : "a vector of length " + size.rows;
  return size.rows.empty() || size.cols.empty() ? "a matrix" : "a " + size.rows + " x " + size.cols + " matrix";
}

void need_shape(const std::string& function, std::size_t k, const std::vector<Shape>& shapes,
                const std::vector<Size>& sizes, Shape wanted) {
  if (shapes[k] == wanted) return;
  const char* words = wanted == Shape::Scalar ? "a scalar" : wanted == Shape::Vector ? "a vector" : "a matrix";
  throw VocabularyMisuse(function + "'s argument " + std::to_string(k + 1) + " must be " + words + ", not " +
                         shape_words(shapes[k], sizes[k]));
}

bool sizes_differ(const std::string& a, const std::string& b) {
  const auto number = [](const std::string& s) { return !s.empty() && std::isdigit(static_cast<unsigned char>(s[0])); };
  return number(a) && number(b) && a != b;
}

std::string latex_operand(const std::string& tex) {
  for (const char c : tex)
    if (c == ' ' || c == '+' || c == '-' || c == ',') return "\\left(" + tex + "\\right)";
  return tex;
}

}  // namespace nb::formula
