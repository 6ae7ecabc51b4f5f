#pragma once
// Exact inputs. A case never stores a rounded number: each entry is either a binary64 value taken
// as the dyadic rational it denotes, or a literal ("0.1", "-3e-5", "1/3"; verify/number_literal.hpp)
// denoting the rational it spells, kept as that exact rational. Conversion to a number type is
// then well defined at every precision (verify/rational.hpp):
//   Interval  an enclosure of the exact value (exactly the value for dyadics when p >= 53);
//   Mpfr      the exact value rounded to nearest at the working precision;
//   double    the exact value rounded to nearest;
//   ExactReal the exact value (verify/exact_real.hpp), at any precision.
// In JSON every entry is a string: dyadics as C99 hexadecimal ("0x1.8p-2", what printf("%a")
// writes), literals as written, so a case reads back bit-for-bit.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/numbers.hpp"
#include "verify/rational.hpp"

namespace nb {

// A matrix (vectors have cols == 1, scalars are 1x1) of exact numbers, row-major.
class ExactTensor {
 public:
  ExactTensor() = default;
  // A tensor of binary64 values. Throws InputError if any value is NaN or infinite.
  ExactTensor(std::size_t rows, std::size_t cols, std::vector<double> values);
  static ExactTensor scalar(double value);
  static ExactTensor vector(std::vector<double> values);
  // A 1x1 tensor holding a literal; throws InputError unless `text` is a number literal
  // (verify/number_literal.hpp: a decimal, a fraction, or a hex float denoting a binary64 value).
  static ExactTensor literal(const std::string& text);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t size() const { return values_.size(); }
  bool is_vector() const { return cols_ == 1; }

  // Entry i (row-major) as text in the JSON form described above.
  std::string text(std::size_t i) const;
  // Entry i rounded to a double (exact for dyadic entries; a literal beyond binary64's range
  // rounds to 0 or an infinity).
  double approx(std::size_t i) const { return values_[i]; }
  // Whether every entry is a binary64 value (then comparisons of approx() are exact).
  bool all_dyadic() const { return literals_.empty(); }
  // Whether entry i is a binary64 value (approx(i) is then exact).
  bool is_dyadic(std::size_t i) const { return literals_.empty() || literals_[i].empty(); }

  // Entry i as the exact rational it denotes: what assumption checks compare.
  Rational exact(std::size_t i) const;
  // Entry i converted to R at the working precision, with the guarantees stated above.
  template <class R>
  R entry(std::size_t i) const;
  // Entry i as the fraction numerator / denominator of two integers in lowest terms
  // (denominator > 0), each converted to R: exact for Mpfr and Interval when the working
  // precision covers its bit length (otherwise rounded to nearest, respectively enclosed); for
  // double rounded to nearest; for ExactReal exact. For claims that exact rational arithmetic
  // decides, e.g. comparing n1 d2 with n2 d1 instead of two inexact quotients.
  template <class R>
  std::pair<R, R> fraction(std::size_t i) const;
  template <class R>
  Vector<R> to_vector() const;  // all entries, row-major, as a column vector
  template <class R>
  RowMatrix<R> to_matrix() const;  // rows contiguous, as stored

  nlohmann::json to_json() const;
  // Throws InputError on a malformed entry or a shape that does not match the entry count.
  static ExactTensor from_json(const nlohmann::json& j, const std::string& name);

  bool operator==(const ExactTensor& other) const = default;

 private:
  std::size_t rows_ = 0, cols_ = 0;
  std::vector<double> values_;         // the value (dyadic entries) or its rounding (literals)
  std::vector<std::string> literals_;  // empty, or one per entry ("" for a dyadic entry)
  std::vector<Rational> rationals_;    // empty, or one per entry: a literal's value (0 for a dyadic entry)
  static ExactTensor from_texts(std::size_t rows, std::size_t cols,
                                const std::vector<std::string>& texts, const std::string& name);
};

// The exact decimal expansion of a binary64 value when it has at most `max_digits` significant
// digits (0.5, 1e-3 is not one), otherwise its hexadecimal form: text that denotes exactly x.
std::string exact_decimal_or_hex(double x, std::size_t max_digits = 24);

}  // namespace nb
