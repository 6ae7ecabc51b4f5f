#include "reports/natural_order.hpp"

#include <cctype>

namespace nb::reports {
namespace {

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      const std::size_t si = i, sj = j;
      while (i < a.size() && digit(a[i])) ++i;
      while (j < b.size() && digit(b[j])) ++j;
      std::size_t zi = si, zj = sj;  // past the leading zeros
      while (zi + 1 < i && a[zi] == '0') ++zi;
      while (zj + 1 < j && b[zj] == '0') ++zj;
      const std::string x = a.substr(zi, i - zi), y = b.substr(zj, j - zj);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      if (i - si != j - sj) return i - si < j - sj;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

}  // namespace nb::reports
