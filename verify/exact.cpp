#include "verify/exact.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>

#include <boost/multiprecision/cpp_int.hpp>

#include "verify/errors.hpp"
#include "verify/exact_real.hpp"

namespace nb {
namespace {

const std::regex& decimal_pattern() {
  static const std::regex re(R"([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)");
  return re;
}
const std::regex& fraction_pattern() {
  static const std::regex re(R"(([+-]?\d+)/(\d+))");
  return re;
}

std::string hex_of(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

bool is_hex(const std::string& t) {
  const std::size_t start = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
  return t.compare(start, 2, "0x") == 0;
}

// Parses one entry; returns its rounding to double and whether it is exactly that double.
double parse_entry(const std::string& t, bool& dyadic, const std::string& where) {
  if (is_hex(t)) {
    const double v = std::strtod(t.c_str(), nullptr);
    // Only the canonical form printf("%a") writes is accepted: then the text is that double.
    if (!std::isfinite(v) || hex_of(v) != (t[0] == '+' ? t.substr(1) : t))
      throw InputError(where + ": '" + t + "' is not a finite binary64 value in printf(\"%a\") form");
    dyadic = true;
    return v;
  }
  std::smatch m;
  if (std::regex_match(t, m, fraction_pattern())) {
    if (std::stod(m[2].str()) == 0.0) throw InputError(where + ": '" + t + "' divides by zero");
    dyadic = false;
    return std::stod(m[1].str()) / std::stod(m[2].str());
  }
  if (std::regex_match(t, decimal_pattern())) {
    const double v = std::strtod(t.c_str(), nullptr);
    if (!std::isfinite(v)) throw InputError(where + ": '" + t + "' is outside the range of binary64");
    // A decimal literal that is a binary64 value exactly (0.5, 3, -2.25) is stored as dyadic.
    dyadic = exact_decimal_or_hex(v, 1000) == t;
    return v;
  }
  throw InputError(where + ": '" + t +
                   "' is not a number (expected a decimal like 0.1, a fraction like 1/3, or a hex "
                   "float like 0x1.8p-2; NaN and infinities are not inputs)");
}

template <class R>
R literal_to(const std::string& t);

template <>
double literal_to<double>(const std::string& t) {
  std::smatch m;
  if (std::regex_match(t, m, fraction_pattern())) return std::stod(m[1].str()) / std::stod(m[2].str());
  return std::strtod(t.c_str(), nullptr);
}

// Decimal literals go through MPFR/MPFI string conversion (correctly rounded, respectively an
// enclosure); fractions are the quotient of two integers, each exact at any precision >= their
// bit length and enclosed otherwise.
template <class R>
R literal_to(const std::string& t) {
  std::smatch m;
  if (std::regex_match(t, m, fraction_pattern())) return R(m[1].str()) / R(m[2].str());
  return R(t[0] == '+' ? t.substr(1) : t);
}

using boost::multiprecision::cpp_int;

// The integer that the decimal digits `digits` spell (cpp_int would read a leading 0 as octal).
cpp_int decimal_integer(const std::string& digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string::npos ? cpp_int(0) : cpp_int(digits.substr(first));
}

// The value of entry text `t` (a literal, or the hex form of `dyadic`) as numerator / denominator.
std::pair<cpp_int, cpp_int> fraction_of(const std::string& t, double dyadic) {
  std::smatch m;
  if (std::regex_match(t, m, fraction_pattern())) {
    const std::string n = m[1].str();
    const bool negative = n[0] == '-';
    const cpp_int numerator = decimal_integer(n.substr(n[0] == '-' || n[0] == '+' ? 1 : 0));
    return {negative ? cpp_int(-numerator) : numerator, decimal_integer(m[2].str())};
  }
  if (!is_hex(t) && std::regex_match(t, decimal_pattern())) {
    // d.ddd e k  =  (the digits without the point) * 10^(k - digits after the point)
    const bool negative = t[0] == '-';
    const std::size_t start = (t[0] == '-' || t[0] == '+') ? 1 : 0;
    const std::size_t e = t.find_first_of("eE");
    std::string mantissa = t.substr(start, e == std::string::npos ? std::string::npos : e - start);
    long exponent = e == std::string::npos ? 0 : std::stol(t.substr(e + 1));
    if (const std::size_t point = mantissa.find('.'); point != std::string::npos) {
      exponent -= static_cast<long>(mantissa.size() - point - 1);
      mantissa.erase(point, 1);
    }
    cpp_int numerator = decimal_integer(mantissa), denominator = 1;
    const cpp_int scale = boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(std::labs(exponent)));
    if (exponent >= 0) numerator *= scale;
    else denominator = scale;
    return {negative ? cpp_int(-numerator) : numerator, denominator};
  }
  // A binary64 value: x = f 2^k with f in [1/2, 1), so f 2^53 is an integer.
  int k = 0;
  const double f = std::frexp(dyadic, &k);
  cpp_int numerator(static_cast<long long>(std::ldexp(f, 53))), denominator = 1;
  k -= 53;
  if (k >= 0) numerator <<= k;
  else denominator <<= -k;
  return {numerator, denominator};
}

template <class R>
R integer_to(const cpp_int& n);
template <>
double integer_to<double>(const cpp_int& n) {
  return std::strtod(n.str().c_str(), nullptr);  // correctly rounded
}
template <class R>
R integer_to(const cpp_int& n) {
  return R(n.str());
}
template <>
ExactReal integer_to<ExactReal>(const cpp_int& n) {
  return ExactReal::of_integer_text(n.str());
}

// A literal is a rational: for ExactReal exactly numerator / denominator.
template <>
ExactReal literal_to<ExactReal>(const std::string& t) {
  const auto [numerator, denominator] = fraction_of(t, 0.0);
  return integer_to<ExactReal>(numerator) / integer_to<ExactReal>(denominator);
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

template <class R>
R ExactTensor::entry(std::size_t i) const {
  if (!literals_.empty() && !literals_[i].empty()) return literal_to<R>(literals_[i]);
  return point_of<R>(values_[i]);
}

template <class R>
std::pair<R, R> ExactTensor::fraction(std::size_t i) const {
  auto [numerator, denominator] = fraction_of(text(i), values_[i]);
  const cpp_int common = gcd(numerator, denominator);
  if (common > 1) {
    numerator /= common;
    denominator /= common;
  }
  return {integer_to<R>(numerator), integer_to<R>(denominator)};
}

template <class R>
Vector<R> ExactTensor::to_vector() const {
  Vector<R> v(static_cast<Eigen::Index>(size()));
  for (std::size_t i = 0; i < size(); ++i) v[static_cast<Eigen::Index>(i)] = entry<R>(i);
  return v;
}

template <class R>
Matrix<R> ExactTensor::to_matrix() const {
  Matrix<R> m(static_cast<Eigen::Index>(rows_), static_cast<Eigen::Index>(cols_));
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
  bool any_literal = false;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    bool dyadic = false;
    t.values_[i] = parse_entry(texts[i], dyadic, name + "[" + std::to_string(i) + "]");
    if (!dyadic) {
      literals[i] = texts[i];
      any_literal = true;
    }
  }
  if (any_literal) t.literals_ = std::move(literals);
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
template std::pair<double, double> ExactTensor::fraction<double>(std::size_t) const;
template std::pair<Mpfr, Mpfr> ExactTensor::fraction<Mpfr>(std::size_t) const;
template std::pair<Interval, Interval> ExactTensor::fraction<Interval>(std::size_t) const;
template Vector<double> ExactTensor::to_vector<double>() const;
template Vector<Mpfr> ExactTensor::to_vector<Mpfr>() const;
template Vector<Interval> ExactTensor::to_vector<Interval>() const;
template Matrix<double> ExactTensor::to_matrix<double>() const;
template Matrix<Mpfr> ExactTensor::to_matrix<Mpfr>() const;
template Matrix<Interval> ExactTensor::to_matrix<Interval>() const;
template ExactReal ExactTensor::entry<ExactReal>(std::size_t) const;
template std::pair<ExactReal, ExactReal> ExactTensor::fraction<ExactReal>(std::size_t) const;
template Vector<ExactReal> ExactTensor::to_vector<ExactReal>() const;
template Matrix<ExactReal> ExactTensor::to_matrix<ExactReal>() const;

}  // namespace nb
