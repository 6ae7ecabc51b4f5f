#include "verify/numbers/binary64_literal.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "verify/numbers/number_literal.hpp"

namespace nb {
namespace {

// The value of the digit c in base 10 or 16, -1 if c is none (a table: the scan below is the
// inner loop of reading a case file).
template <int Base>
int digit_value(char c) {
  static constexpr auto kValues = [] {
    std::array<signed char, 256> v{};
    v.fill(-1);
    for (int d = 0; d < 10; ++d) v['0' + d] = static_cast<signed char>(d);
    for (int d = 0; Base == 16 && d < 6; ++d) v['a' + d] = v['A' + d] = static_cast<signed char>(10 + d);
    return v;
  }();
  return kValues[static_cast<unsigned char>(c)];
}

// The digits of a literal's significand: their count, the integer they spell (`significant`
// digits once leading zeros are dropped), and how many follow the point.
struct Significand {
  std::uint64_t value = 0;
  std::size_t digits = 0, significant = 0, after_point = 0;
};

// Reads [digits][.digits] in Base (10 or 16) from text[pos]; false when there is no digit, more
// than kMaxLiteralDigits, or more than `max_significant` significant ones (then `value`, which
// may have wrapped, is not used).
template <int Base>
bool read_significand(std::string_view text, std::size_t& pos, std::size_t max_significant, Significand& s) {
  const char *p = text.data() + pos, *const end = text.data() + text.size(), *point = nullptr;
  for (; p != end; ++p) {
    const int d = digit_value<Base>(*p);
    if (d < 0) {
      if (*p != '.' || point) break;
      point = p;
      continue;
    }
    s.value = s.value * Base + static_cast<std::uint64_t>(d);
    s.significant += s.significant != 0 || d != 0;
    ++s.digits;
  }
  s.after_point = point ? static_cast<std::size_t>(p - point - 1) : 0;
  pos = static_cast<std::size_t>(p - text.data());
  return s.digits > 0 && s.digits <= kMaxLiteralDigits && s.significant <= max_significant;
}

// An optional sign and decimal digits from text[pos], saturated at `cap` + 1; false without digits.
bool read_exponent(std::string_view text, std::size_t& pos, std::int64_t cap, std::int64_t& value) {
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) negative = text[pos++] == '-';
  const std::size_t start = pos;
  value = 0;
  for (; pos < text.size() && digit_value<10>(text[pos]) >= 0; ++pos)
    value = std::min(value * 10 + digit_value<10>(text[pos]), cap + 1);
  if (negative) value = -value;
  return pos > start;
}

// m = odd * 2^shift with odd odd (m > 0).
struct OddTimesPowerOfTwo {
  std::uint64_t odd;
  std::int64_t shift;
};
OddTimesPowerOfTwo split(std::uint64_t m) {
  const int zeros = std::countr_zero(m);
  return {m >> zeros, zeros};
}

// Whether value = d 10^k equals the positive normal binary64 value x, for d > 0. Both sides are
// an odd integer times a power of two times a power of five; d 10^k = (d' 5^k) 2^(t + k) with
// d = d' 2^t, and x = m 2^e with m odd, so for k >= 0 they are equal iff m = d' 5^k and e = t + k;
// for k < 0 (f = -k), d' 2^(t - f) / 5^f = m 2^e iff d' = m 5^f and e = t - f. Products that
// overflow 64 bits exceed d' < 2^64 and m < 2^53, so they decide "not equal".
bool decimal_equals(std::uint64_t d, std::int64_t k, double x) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
  const auto biased = static_cast<std::int64_t>(bits >> 52);
  const auto [m, m_shift] = split((bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52));
  const std::int64_t e = biased - 1075 + m_shift;
  const auto [odd, t] = split(d);
  const std::int64_t fives = k >= 0 ? k : -k;
  std::uint64_t product = k >= 0 ? odd : m;
  for (std::int64_t i = 0; i < fives; ++i)
    if (__builtin_mul_overflow(product, std::uint64_t{5}, &product)) return false;
  return k >= 0 ? product == m && e == t + k : product == odd && e == t - fives;
}

std::optional<Binary64Literal> read_hexadecimal(std::string_view text, std::size_t pos) {
  Significand s;
  if (!read_significand<16>(text, pos, 16, s)) return std::nullopt;
  std::int64_t exponent = 0;
  if (pos < text.size() && (text[pos] == 'p' || text[pos] == 'P'))
    if (!read_exponent(text, ++pos, std::int64_t{1} << 40, exponent)) return std::nullopt;
  if (pos != text.size()) return std::nullopt;
  if (s.value == 0) return Binary64Literal{0.0, true};
  // value = s.value 2^e; a normal binary64 value iff at most 53 significant bits and the leading
  // bit's exponent within [-1022, 1023]. Then its 53-bit significand is s.value shifted (only
  // zero bits leave) and its bits are written directly.
  const std::int64_t e = exponent - 4 * static_cast<std::int64_t>(s.after_point);
  const int bits = std::bit_width(s.value);
  const std::int64_t leading = e + bits - 1;
  if (std::bit_width(split(s.value).odd) > 53 || leading < -1022 || leading > 1023) return std::nullopt;
  const std::uint64_t significand = bits > 53 ? s.value >> (bits - 53) : s.value << (53 - bits);
  const auto biased = static_cast<std::uint64_t>(leading + 1023);
  return Binary64Literal{std::bit_cast<double>((biased << 52) | (significand & ((std::uint64_t{1} << 52) - 1))), true};
}

std::optional<Binary64Literal> read_decimal(std::string_view text, std::size_t pos, std::size_t start) {
  Significand s;
  if (!read_significand<10>(text, pos, 19, s)) return std::nullopt;  // 19 digits fit 64 bits
  std::int64_t exponent = 0;
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E'))
    if (!read_exponent(text, ++pos, kMaxLiteralExponent, exponent)) return std::nullopt;
  if (pos != text.size() || exponent > kMaxLiteralExponent || exponent < -kMaxLiteralExponent) return std::nullopt;
  if (s.value == 0) return Binary64Literal{0.0, true};
  // from_chars rounds to nearest as strtod does in the C locale; it reads the text after any
  // '+' (which it does not accept), which the scan above has found to be a decimal literal.
  double x = 0;
  const auto [end, error] = std::from_chars(text.data() + start, text.data() + text.size(), x);
  const double magnitude = std::fabs(x);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(x) ||
      magnitude < std::numeric_limits<double>::min())
    return std::nullopt;
  const std::int64_t k = exponent - static_cast<std::int64_t>(s.after_point);
  return Binary64Literal{x, decimal_equals(s.value, k, magnitude)};
}

// The text printf's %a gives a normal double, [-]0x1[.h...h]p(+|-)e with at most 13 fraction
// digits: how normbound writes every number of a case file. Read at fixed places, about four times
// faster than the general scan, which decides every other text (including this form's zero,
// subnormals and 0x1.8P-2 spellings).
std::optional<double> read_printf_hex(std::string_view text) {
  const char *p = text.data(), *const end = p + text.size();
  const bool negative = p != end && *p == '-';
  p += negative;
  if (end - p < 6 || p[0] != '0' || p[1] != 'x' || p[2] != '1') return std::nullopt;
  p += 3;
  std::uint64_t fraction = 0;
  int digits = 0;
  if (*p == '.') {
    for (++p; p != end && digits < 14; ++p, ++digits) {
      const int d = digit_value<16>(*p);
      if (d < 0) break;
      fraction = fraction << 4 | static_cast<std::uint64_t>(d);
    }
    if (digits == 0 || digits > 13) return std::nullopt;
  }
  if (end - p < 3 || p[0] != 'p' || (p[1] != '+' && p[1] != '-') || end - p > 6) return std::nullopt;
  const bool negative_exponent = p[1] == '-';
  int exponent = 0;
  for (p += 2; p != end; ++p) {
    const int d = digit_value<10>(*p);
    if (d < 0) return std::nullopt;
    exponent = exponent * 10 + d;
  }
  if (negative_exponent) exponent = -exponent;
  if (exponent < -1022 || exponent > 1023) return std::nullopt;
  const std::uint64_t bits = std::uint64_t{negative} << 63 | static_cast<std::uint64_t>(exponent + 1023) << 52 |
                             fraction << (4 * (13 - digits));
  return std::bit_cast<double>(bits);
}

}  // namespace

std::optional<Binary64Literal> read_binary64_literal(std::string_view text) {
  if (const std::optional<double> x = read_printf_hex(text)) return Binary64Literal{*x, true};
  std::size_t pos = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) pos = 1;
  const std::size_t unsigned_start = pos;
  std::optional<Binary64Literal> read;
  if (text.substr(pos, 2) == "0x" || text.substr(pos, 2) == "0X") {
    read = read_hexadecimal(text, pos + 2);
    if (read && negative) read->nearest = -read->nearest;
  } else {
    read = read_decimal(text, pos, negative ? 0 : unsigned_start);
  }
  if (read && read->nearest == 0) read->nearest = 0.0;  // -0 is the rational 0, which converts to +0
  return read;
}

}  // namespace nb
