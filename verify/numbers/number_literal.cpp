#include "verify/numbers/number_literal.hpp"

#include <algorithm>

#include <gmp.h>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

bool is_decimal_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_decimal_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The literal quoted for a message, cut when long (a message must stay readable).
std::string shown(std::string_view text) {
  if (text.size() <= 48) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, 40)) + "...' (" + std::to_string(text.size()) + " characters)";
}

[[noreturn]] void refuse(std::string_view text, const std::string& where, const std::string& why) {
  throw InputError(where + ": " + shown(text) + " " + why);
}

[[noreturn]] void not_a_literal(std::string_view text, const std::string& where) {
  refuse(text, where,
         "is not a number (expected a decimal like 0.1, a fraction like 1/3, or a hex float like 0x1.8p-2; NaN and "
         "infinities are not inputs)");
}

// One left-to-right pass over the text.
struct Scanner {
  std::string_view text;
  std::size_t pos = 0;

  bool at_end() const { return pos == text.size(); }
  bool accept(char a, char b) {
    if (at_end() || (text[pos] != a && text[pos] != b)) return false;
    ++pos;
    return true;
  }
  std::string_view run(bool (*is)(char)) {
    const std::size_t start = pos;
    while (!at_end() && is(text[pos])) ++pos;
    return text.substr(start, pos - start);
  }
  // Optional sign and the digits of an exponent, its magnitude saturated at `cap` + 1 (so the
  // caller can refuse it by value, however many digits it has). Empty digits: not a literal.
  bool exponent(std::int64_t cap, std::int64_t& value) {
    const bool negative = accept('-', '-');
    if (!negative) accept('+', '+');
    const std::string_view digits = run(is_decimal_digit);
    if (digits.empty()) return false;
    value = 0;
    for (char c : digits) value = std::min(value * 10 + (c - '0'), cap + 1);
    if (negative) value = -value;
    return true;
  }
};

// The non-negative integer that the digits spell in `base` (leading zeros allowed).
Integer integer_of(std::string_view digits, int base) {
  Integer n;
  if (!digits.empty()) mpz_set_str(n.backend().data(), std::string(digits).c_str(), base);
  return n;
}

void check_digit_count(std::string_view text, const std::string& where, std::size_t digits) {
  if (digits > kMaxLiteralDigits)
    refuse(text, where,
           "has " + std::to_string(digits) + " digits, beyond the limit of " + std::to_string(kMaxLiteralDigits) +
               " digits of a number literal");
}

// m 2^e exactly.
Rational times_power_of_two(const Integer& m, std::int64_t e) {
  Rational q(m);
  if (e >= 0) mpq_mul_2exp(q.backend().data(), q.backend().data(), static_cast<mp_bitcnt_t>(e));
  else mpq_div_2exp(q.backend().data(), q.backend().data(), static_cast<mp_bitcnt_t>(-e));
  return q;
}

// The hexadecimal significand `whole.fraction` times 2^exponent, required to be a binary64 value.
Rational binary64_of(std::string_view text, const std::string& where, std::string_view whole,
                     std::string_view fraction, std::int64_t exponent) {
  const Integer significand = integer_of(std::string(whole) + std::string(fraction), 16);
  if (significand == 0) return Rational(0);
  // significand 2^e with e = exponent - 4 (fraction digits); |e| stays far inside int64 because
  // the exponent is saturated and the digits are limited.
  const std::int64_t e = exponent - 4 * static_cast<std::int64_t>(fraction.size());
  const auto bits = static_cast<std::int64_t>(mpz_sizeinbase(significand.backend().data(), 2));
  const auto trailing_zeros = static_cast<std::int64_t>(mpz_scan1(significand.backend().data(), 0));
  const std::int64_t leading = e + bits - 1, last = e + trailing_zeros, significant = bits - trailing_zeros;
  const std::string advice = " (a hexadecimal number must be a binary64 value; write other rationals as fractions)";
  if (leading > 1023)
    refuse(text, where, "is beyond the largest binary64 value 0x1.fffffffffffffp+1023" + advice);
  if (leading < -1074) refuse(text, where, "is below the smallest positive binary64 value 0x1p-1074" + advice);
  if (last < -1074)
    refuse(text, where, "is not a binary64 value: it has a bit below 2^-1074, binary64's last bit" + advice);
  if (significant > 53)
    refuse(text, where,
           "is not a binary64 value: it has " + std::to_string(significant) + " significant bits, binary64 has 53" +
               advice);
  return times_power_of_two(significand, e);
}

}  // namespace

Rational read_number_literal(std::string_view text, const std::string& where) {
  Scanner s{text};
  const bool negative = s.accept('-', '-');
  if (!negative) s.accept('+', '+');
  Rational value;
  if (text.substr(s.pos, 2) == "0x" || text.substr(s.pos, 2) == "0X") {
    s.pos += 2;
    const std::string_view whole = s.run(is_hex_digit);
    const std::string_view fraction = s.accept('.', '.') ? s.run(is_hex_digit) : std::string_view();
    if (whole.empty() && fraction.empty()) not_a_literal(text, where);
    std::int64_t exponent = 0;
    // Saturated far beyond binary64's range, which then refuses it.
    if (s.accept('p', 'P') && !s.exponent(std::int64_t{1} << 40, exponent)) not_a_literal(text, where);
    if (!s.at_end() && s.pos + 1 == text.size() && std::string_view("fFlL").find(text[s.pos]) != std::string_view::npos)
      refuse(text, where, "has a C type suffix '" + std::string(1, text[s.pos]) + "'; write the number without it");
    if (!s.at_end()) not_a_literal(text, where);
    check_digit_count(text, where, whole.size() + fraction.size());
    value = binary64_of(text, where, whole, fraction, exponent);
  } else {
    const std::string_view whole = s.run(is_decimal_digit);
    if (!whole.empty() && s.accept('/', '/')) {
      const std::string_view denominator = s.run(is_decimal_digit);
      if (denominator.empty() || !s.at_end()) not_a_literal(text, where);
      check_digit_count(text, where, whole.size() + denominator.size());
      const Integer d = integer_of(denominator, 10);
      if (d == 0) refuse(text, where, "divides by zero");
      value = Rational(integer_of(whole, 10), d);
    } else {
      const std::string_view fraction = s.accept('.', '.') ? s.run(is_decimal_digit) : std::string_view();
      if (whole.empty() && fraction.empty()) not_a_literal(text, where);
      std::int64_t exponent = 0;
      if (s.accept('e', 'E') && !s.exponent(kMaxLiteralExponent, exponent)) not_a_literal(text, where);
      if (!s.at_end()) not_a_literal(text, where);
      check_digit_count(text, where, whole.size() + fraction.size());
      if (exponent > kMaxLiteralExponent || exponent < -kMaxLiteralExponent)
        refuse(text, where,
               "has an exponent beyond the limit of +-" + std::to_string(kMaxLiteralExponent) +
                   " of a decimal literal");
      // d.ddd e k = (the digits without the point) 10^(k - digits after the point)
      const std::int64_t power = exponent - static_cast<std::int64_t>(fraction.size());
      Integer scale;
      mpz_ui_pow_ui(scale.backend().data(), 10, static_cast<unsigned long>(power < 0 ? -power : power));
      const Integer digits = integer_of(std::string(whole) + std::string(fraction), 10);
      value = power >= 0 ? Rational(Integer(digits * scale)) : Rational(digits, scale);
    }
  }
  return negative ? Rational(-value) : value;
}

}  // namespace nb
