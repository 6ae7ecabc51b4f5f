#include "verify/exact.hpp"

#include <cmath>
#include <cstdio>

#include "verify/arb_numbers.hpp"
#include "verify/errors.hpp"
#include "verify/exact_real.hpp"
#include "verify/number_literal.hpp"

namespace nb {
namespace {

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

ExactTensor ExactTensor::literal(const std::string& text) { return from_texts(1, 1, {text}, "literal"); }

std::string ExactTensor::text(std::size_t i) const {
  if (!literals_.empty() && !literals_[i].empty()) return literals_[i];
  return hex_of(values_[i]);
}

Rational ExactTensor::exact(std::size_t i) const {
  if (!literals_.empty() && !literals_[i].empty()) return rationals_[i];
  return Rational(values_[i]);  // mpq_set_d: exact
}

template <class R>
R ExactTensor::entry(std::size_t i) const {
  if (!literals_.empty() && !literals_[i].empty()) return rational_to<R>(rationals_[i]);
  return point_of<R>(values_[i]);
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
  auto as_text = [&](const nlohmann::json& e) -> std::string {
    if (e.is_string()) return e.get<std::string>();
    // Integers are exact in JSON; other JSON numbers are refused because the parser has already
    // rounded them to binary64 and the text the user wrote is lost.
    if (e.is_number_integer()) return e.dump();
    throw InputError(name + ": numbers must be strings (\"0.1\" is exactly 1/10, \"0x1.8p-2\" exactly 0.375)"
                            " or integers");
  };
  // A bare array is a tensor without its shape, so it gets the tensor message below.
  if (!j.is_object() && !j.is_array()) return from_texts(1, 1, {as_text(j)}, name);
  if (!j.contains("shape") || !j.contains("values") || !j["shape"].is_array() || !j["values"].is_array())
    throw InputError(name + ": a tensor is an object with arrays 'shape' and 'values'");
  const auto& shape = j["shape"];
  if (shape.empty() || shape.size() > 2)
    throw InputError(name + ": shape must have one or two dimensions");
  for (const auto& d : shape)
    if (!d.is_number_unsigned()) throw InputError(name + ": shape entries must be non-negative integers");
  const std::size_t rows = shape[0].get<std::size_t>();
  const std::size_t cols = shape.size() == 2 ? shape[1].get<std::size_t>() : 1;
  if (cols != 0 && rows > j["values"].size() / cols)
    throw InputError(name + ": shape [" + std::to_string(rows) + ", " + std::to_string(cols) +
                     "] has more entries than the " + std::to_string(j["values"].size()) + " values given");
  std::vector<std::string> texts;
  texts.reserve(j["values"].size());
  for (const auto& e : j["values"]) texts.push_back(as_text(e));
  return from_texts(rows, cols, texts, name);
}

ExactTensor ExactTensor::from_texts(std::size_t rows, std::size_t cols,
                                    const std::vector<std::string>& texts, const std::string& name) {
  if (texts.size() != rows * cols)
    throw InputError(name + ": shape [" + std::to_string(rows) + ", " + std::to_string(cols) +
                     "] needs " + std::to_string(rows * cols) + " values, got " +
                     std::to_string(texts.size()));
  ExactTensor t;
  t.rows_ = rows;
  t.cols_ = cols;
  t.values_.resize(texts.size());
  std::vector<std::string> literals(texts.size());
  std::vector<Rational> rationals(texts.size());
  bool any_literal = false;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const Rational q = read_number_literal(texts[i], name + "[" + std::to_string(i) + "]");
    t.values_[i] = rational_to<double>(q);
    // A decimal or hex literal that is a binary64 value (0.5, 3, -2.25, 0x3p-3) is stored as
    // dyadic. A fraction keeps its text ("1/64" reads back as 1/64, not as 0x1p-6).
    const bool fraction = texts[i].find('/') != std::string::npos;
    if (fraction || !std::isfinite(t.values_[i]) || Rational(t.values_[i]) != q) {
      literals[i] = texts[i];
      rationals[i] = q;
      any_literal = true;
    }
  }
  if (any_literal) {
    t.literals_ = std::move(literals);
    t.rationals_ = std::move(rationals);
  }
  return t;
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
