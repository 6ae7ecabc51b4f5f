#include "verify/numbers/readable_decimal.hpp"

#include <charconv>

namespace nb {

std::string readable_decimal(double x, bool* exact) {
  // 17 significant digits tell any two binary64 values apart: a longer exact expansion says no more.
  const std::string expansion = exact_decimal_or_hex(x, 17);
  const bool is_exact = expansion.find('x') == std::string::npos;  // not the hex form
  if (exact) *exact = is_exact;
  if (is_exact) return expansion;
  char buffer[32];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

std::string decimal_text(const ExactTensor& t, std::size_t i) {
  return t.is_dyadic(i) ? readable_decimal(t.approx(i)) : t.text(i);
}

}  // namespace nb
