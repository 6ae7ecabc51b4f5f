#include "verify/numbers/exact.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <type_traits>

#include "verify/numbers/arb_numbers.hpp"
#include "verify/numbers/binary64_literal.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/number_literal.hpp"
#include "verify/io/simdjson_value.hpp"

namespace nb {
namespace {

// Throws InputError naming `name` unless `count` entries fill rows x cols.
void require_entry_count(std::size_t count, std::size_t rows, std::size_t cols, const std::string& name) {
  if (count != rows * cols)
    throw InputError(name + ": shape [" + std::to_string(rows) + ", " + std::to_string(cols) + "] needs " +
                     std::to_string(rows * cols) + " values, got " + std::to_string(count));
}

std::string hex_of(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

}  // namespace

ExactTensor::ExactTensor(std::size_t rows, std::size_t cols, std::vector<double> values)
    : rows_(rows), cols_(cols), values_(std::move(values)) {
  if (values_.size() != rows_ * cols_) throw InputError("tensor shape does not match its entry count");
  for (double v : values_)
    if (!std::isfinite(v)) throw InputError("NaN or infinite input value");
}

ExactTensor ExactTensor::scalar(double value) { return ExactTensor(1, 1, {value}); }

ExactTensor ExactTensor::vector(std::vector<double> values) {
  const std::size_t n = values.size();
  return ExactTensor(n, 1, std::move(values));
}

ExactTensor ExactTensor::literal(const std::string& text) {
  ExactTensor t;
  t.append_text(text, "literal");
  t.rows_ = t.cols_ = 1;
  return t;
}

std::string ExactTensor::text(std::size_t i) const {
  if (!is_dyadic(i)) return literals_[i].text;
  return hex_of(values_[i]);
}

Rational ExactTensor::exact(std::size_t i) const {
  if (!is_dyadic(i)) return read_number_literal(literals_[i].text, "stored literal");
  return Rational(values_[i]);  // mpq_set_d: exact
}

template <class R>
R ExactTensor::entry(std::size_t i) const {
  if (is_dyadic(i)) return point_of<R>(values_[i]);
  if constexpr (std::is_same_v<R, double>) return values_[i];
  else if constexpr (std::is_same_v<R, DoubleInterval>) return double_interval_around(values_[i], literals_[i].binary64);
  else return rational_to<R>(exact(i));
}

template <class R>
std::pair<R, R> ExactTensor::fraction(std::size_t i) const {
  const Rational q = exact(i);  // GMP keeps it in lowest terms
  return {integer_to<R>(numerator(q)), integer_to<R>(denominator(q))};
}

template <class R>
Vector<R> ExactTensor::to_vector() const {
  Vector<R> v(static_cast<Eigen::Index>(size()));
  for (std::size_t i = 0; i < size(); ++i) v[static_cast<Eigen::Index>(i)] = entry<R>(i);
  return v;
}

template <class R>
RowMatrix<R> ExactTensor::to_matrix() const {
  RowMatrix<R> m(static_cast<Eigen::Index>(rows_), static_cast<Eigen::Index>(cols_));
  for (std::size_t r = 0; r < rows_; ++r)
    for (std::size_t c = 0; c < cols_; ++c)
      m(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = entry<R>(r * cols_ + c);
  return m;
}

nlohmann::json ExactTensor::to_json() const {
  nlohmann::json values = nlohmann::json::array();
  for (std::size_t i = 0; i < size(); ++i) values.push_back(text(i));
  if (rows_ == 1 && cols_ == 1) return values[0];
  nlohmann::json shape = cols_ == 1 ? nlohmann::json::array({rows_}) : nlohmann::json::array({rows_, cols_});
  return {{"shape", shape}, {"values", values}};
}

ExactTensor ExactTensor::from_json(const nlohmann::json& j, const std::string& name) {
  return from_json_value(NlohmannValue(j), name);
}

template <JsonValue V>
ExactTensor ExactTensor::from_json_value(const V& j, const std::string& name) {
  // Integers are exact in JSON; other JSON numbers are refused because the parser has already
  // rounded them to binary64 and the text the user wrote is lost.
  const auto require_text = [&](const V& e) {
    if (!e.is_string() && !e.is_integer())
      throw InputError(name + ": numbers must be strings (\"0.1\" is exactly 1/10, \"0x1.8p-2\" exactly 0.375)"
                              " or integers");
  };
  ExactTensor t;
  const auto append = [&](const V& e) {
    if (e.is_string()) return t.append_text(e.string(), name);
    char digits[24];
    const auto end = e.is_unsigned() ? std::to_chars(digits, digits + sizeof digits, e.uint64()).ptr
                                     : std::to_chars(digits, digits + sizeof digits, e.int64()).ptr;
    t.append_text(std::string_view(digits, static_cast<std::size_t>(end - digits)), name);
  };
  // A bare array is a tensor without its shape, so it gets the tensor message below.
  if (!j.is_object() && !j.is_array()) {
    require_text(j);
    append(j);
    t.rows_ = t.cols_ = 1;
    return t;
  }
  const std::optional<V> shape = j.find("shape"), values = j.find("values");
  if (!shape || !values || !shape->is_array() || !values->is_array())
    throw InputError(name + ": a tensor is an object with arrays 'shape' and 'values'");
  if (shape->size() == 0 || shape->size() > 2) throw InputError(name + ": shape must have one or two dimensions");
  std::size_t extents[2] = {0, 1}, dimension = 0;
  shape->for_each_element([&](const V& d) {
    if (!d.is_unsigned()) throw InputError(name + ": shape entries must be non-negative integers");
    extents[dimension++] = d.uint64();
  });
  const std::size_t rows = extents[0], cols = extents[1], count = values->size();
  if (cols != 0 && rows > count / cols)
    throw InputError(name + ": shape [" + std::to_string(rows) + ", " + std::to_string(cols) +
                     "] has more entries than the " + std::to_string(count) + " values given");
  // Every entry's JSON type, then the count, then the entries' text: the order of the messages.
  values->for_each_element(require_text);
  require_entry_count(count, rows, cols, name);
  t.values_.reserve(count);
  values->for_each_element(append);
  t.rows_ = rows;
  t.cols_ = cols;
  return t;
}

template ExactTensor ExactTensor::from_json_value(const NlohmannValue&, const std::string&);
template ExactTensor ExactTensor::from_json_value(const SimdjsonValue&, const std::string&);

void ExactTensor::append_text(std::string_view text, const std::string& name) {
  const std::size_t i = values_.size();
  Binary64Literal read;
  bool fraction = false;  // the fast reader reads no fraction
  if (const std::optional<Binary64Literal> fast = read_binary64_literal(text)) {
    read = *fast;
  } else {
    const Rational q = read_number_literal(text, name + "[" + std::to_string(i) + "]");
    read.nearest = rational_to<double>(q);
    read.exact = std::isfinite(read.nearest) && Rational(read.nearest) == q;
    fraction = text.find('/') != std::string_view::npos;
  }
  values_.push_back(read.nearest);
  // A decimal or hex literal that is a binary64 value (0.5, 3, -2.25, 0x3p-3) is stored as
  // dyadic. A fraction keeps its text ("1/64" reads back as 1/64, not as 0x1p-6).
  if (read.exact && !fraction) {
    if (!literals_.empty()) literals_.emplace_back();
    return;
  }
  literals_.resize(i);  // the entries before are dyadic (or already listed)
  literals_.push_back({std::string(text), read.exact});
}

std::string exact_decimal_or_hex(double x, std::size_t max_digits) {
  // glibc prints the exact decimal expansion of a double when asked for enough digits.
  char buf[1200];
  std::snprintf(buf, sizeof buf, "%.1074f", x);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  std::size_t digits = 0;
  bool leading = true;
  for (char c : s) {
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++digits;
  }
  return digits <= max_digits ? s : hex_of(x);
}

template double ExactTensor::entry<double>(std::size_t) const;
template Mpfr ExactTensor::entry<Mpfr>(std::size_t) const;
template Interval ExactTensor::entry<Interval>(std::size_t) const;
template DoubleInterval ExactTensor::entry<DoubleInterval>(std::size_t) const;
template std::pair<double, double> ExactTensor::fraction<double>(std::size_t) const;
template std::pair<Mpfr, Mpfr> ExactTensor::fraction<Mpfr>(std::size_t) const;
template std::pair<Interval, Interval> ExactTensor::fraction<Interval>(std::size_t) const;
template std::pair<DoubleInterval, DoubleInterval> ExactTensor::fraction<DoubleInterval>(std::size_t) const;
template Vector<double> ExactTensor::to_vector<double>() const;
template Vector<Mpfr> ExactTensor::to_vector<Mpfr>() const;
template Vector<Interval> ExactTensor::to_vector<Interval>() const;
template Vector<DoubleInterval> ExactTensor::to_vector<DoubleInterval>() const;
template RowMatrix<double> ExactTensor::to_matrix<double>() const;
template RowMatrix<Mpfr> ExactTensor::to_matrix<Mpfr>() const;
template RowMatrix<Interval> ExactTensor::to_matrix<Interval>() const;
template RowMatrix<DoubleInterval> ExactTensor::to_matrix<DoubleInterval>() const;
template ArbInterval ExactTensor::entry<ArbInterval>(std::size_t) const;
template std::pair<ArbInterval, ArbInterval> ExactTensor::fraction<ArbInterval>(std::size_t) const;
template Vector<ArbInterval> ExactTensor::to_vector<ArbInterval>() const;
template RowMatrix<ArbInterval> ExactTensor::to_matrix<ArbInterval>() const;
template ExactReal ExactTensor::entry<ExactReal>(std::size_t) const;
template std::pair<ExactReal, ExactReal> ExactTensor::fraction<ExactReal>(std::size_t) const;
template Vector<ExactReal> ExactTensor::to_vector<ExactReal>() const;
template RowMatrix<ExactReal> ExactTensor::to_matrix<ExactReal>() const;

}  // namespace nb
