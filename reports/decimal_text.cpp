#include "reports/decimal_text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/engine/slack.hpp"

namespace nb::reports {
namespace {

// A finite non-zero decimal: (-1)^negative * 0.d1d2d3... * 10^exponent, with d1 != 0.
struct Decimal {
  bool negative = false;
  std::string digits;
  long exponent = 0;
};

Decimal parse(const std::string& text) {
  Decimal d;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') d.negative = true, ++i;
  long point = -1;  // digits before the decimal point
  bool any = false;
  for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'); ++i) {
    if (text[i] == '.') {
      if (point >= 0) break;
      point = static_cast<long>(d.digits.size());
      continue;
    }
    any = true;
    d.digits += text[i];
  }
  if (point < 0) point = static_cast<long>(d.digits.size());
  long exp10 = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    char* end = nullptr;
    exp10 = std::strtol(text.c_str() + i + 1, &end, 10);
    i = static_cast<std::size_t>(end - text.c_str());
  }
  if (!any || i != text.size()) throw InputError("'" + text + "' is not decimal text");
  d.exponent = point + exp10;
  const std::size_t first = d.digits.find_first_not_of('0');
  if (first == std::string::npos) return Decimal{};  // zero: digits empty
  d.exponent -= static_cast<long>(first);
  d.digits.erase(0, first);
  d.digits.erase(d.digits.find_last_not_of('0') + 1);
  return d;
}

// Rounds to `digits` significant digits, away from zero when `away` (and digits were dropped).
Decimal truncate(Decimal d, int digits, bool away) {
  if (static_cast<int>(d.digits.size()) <= digits) return d;
  const bool dropped_nonzero = d.digits.find_first_not_of('0', static_cast<std::size_t>(digits)) != std::string::npos;
  d.digits.resize(static_cast<std::size_t>(digits));
  if (away && dropped_nonzero) {
    int i = digits - 1;
    while (i >= 0 && d.digits[static_cast<std::size_t>(i)] == '9') d.digits[static_cast<std::size_t>(i--)] = '0';
    if (i >= 0) {
      ++d.digits[static_cast<std::size_t>(i)];
    } else {
      d.digits.insert(d.digits.begin(), '1');
      d.digits.pop_back();
      ++d.exponent;
    }
  }
  d.digits.erase(d.digits.find_last_not_of('0') + 1);
  return d;
}

std::string round_decimal(const std::string& text, int digits, bool up) {
  if (text == "nan" || text == "inf" || text == "-inf") return text;
  const Decimal d = parse(text);
  if (d.digits.empty()) return "0";
  // Toward +inf moves positive numbers away from zero; toward -inf moves negative ones away.
  const Decimal rounded = truncate(d, digits, up != d.negative);
  return percent_g_layout(rounded.negative, rounded.digits, rounded.exponent, digits);
}

}  // namespace

std::string round_decimal_down(const std::string& text, int digits) { return round_decimal(text, digits, false); }
std::string round_decimal_up(const std::string& text, int digits) { return round_decimal(text, digits, true); }

std::string short_enclosure(const EnclosureText& e, int digits) {
  return std::string("[") + round_decimal_down(e.lo, digits) + ", " + round_decimal_up(e.hi, digits) + "]";
}

std::string approximate_text(const EnclosureText& e, int digits) {
  const std::string lo = round_decimal_down(e.lo, digits), hi = round_decimal_up(e.hi, digits);
  if (lo == hi) return lo;
  const double a = std::strtod(e.lo.c_str(), nullptr), b = std::strtod(e.hi.c_str(), nullptr);
  const bool one_sign = (a > 0 && b > 0) || (a < 0 && b < 0);
  if (!one_sign || !std::isfinite(e.approx) || e.approx == 0 || !std::isfinite(a) || !std::isfinite(b))
    return short_enclosure(e, digits);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, e.approx);
  return std::string("\u2248 ") + buffer;
}

std::string full_enclosure(const EnclosureText& e) { return "[" + e.lo + ", " + e.hi + "]"; }

std::string fixed_text(double x, int decimals) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  std::string s = buffer;
  if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);
  return s;
}

std::string setting_text(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", x);
  return buffer;
}

std::string count_text(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace nb::reports
