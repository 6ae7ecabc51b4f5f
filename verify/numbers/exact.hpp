#pragma once
// Exact inputs. A case never stores a rounded number: each entry is either a binary64 value taken
// as the dyadic rational it denotes, or a literal ("0.1", "-3e-5", "1/3"; verify/numbers/number_literal.hpp)
// denoting the rational it spells, kept as its text with its rounding to nearest. A literal's exact
// rational is built from its text only when a conversion needs it (exact(), fraction(), entry<R>
// for R other than double and DoubleInterval): reading builds none for the literals that
// verify/numbers/binary64_literal.hpp decides (hex floats and decimals of up to 19 digits in binary64's
// normal range), and drops the exact reader's rational of any other once its rounding is known.
// Conversion to a number type is then well defined at every
// precision (verify/numbers/rational.hpp):
//   Interval  an enclosure of the exact value (exactly the value for dyadics when p >= 53);
//   Mpfr      the exact value rounded to nearest at the working precision;
//   double    the exact value rounded to nearest;
//   ExactReal the exact value (verify/numbers/exact_real.hpp), at any precision.
// In JSON every entry is a string: dyadics as C99 hexadecimal ("0x1.8p-2", what printf("%a")
// writes), literals as written, so a case reads back bit-for-bit.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/io/json_value.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/rational.hpp"

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
  // (verify/numbers/number_literal.hpp: a decimal, a fraction, or a hex float denoting a binary64 value).
  static ExactTensor literal(const std::string& text);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t size() const { return values_.size(); }
  bool is_vector() const { return cols_ == 1; }

  // Entry i (row-major) as text in the JSON form described above.
  std::string text(std::size_t i) const;
  // Entry i rounded to nearest double (exact for dyadic entries; a literal beyond binary64's range
  // rounds to 0 or an infinity). Builds no rational.
  double approx(std::size_t i) const { return values_[i]; }
  // Whether every entry is a binary64 value (then comparisons of approx() are exact).
  bool all_dyadic() const { return literals_.empty(); }
  // Whether entry i is a binary64 value (approx(i) is then exact). A fraction is not, even when
  // its value is one ("1/64" keeps its text).
  bool is_dyadic(std::size_t i) const { return literals_.empty() || literals_[i].text.empty(); }

  // Entry i as the exact rational it denotes: what assumption checks compare. For a literal it
  // reads the text again (read_number_literal), which cannot fail: the text was read when stored.
  Rational exact(std::size_t i) const;
  // Entry i converted to R at the working precision, with the guarantees stated above. For double
  // and DoubleInterval it builds no rational (a literal's rounding and whether it is exact were
  // decided when it was read); for other R a literal's rational is built from its text.
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
  // Throws InputError naming `name` on a malformed entry or a shape that does not match the entry
  // count.
  static ExactTensor from_json(const nlohmann::json& j, const std::string& name);
  // from_json on a value of any JSON document (verify/io/json_value.hpp), with the same guarantees.
  template <JsonValue V>
  static ExactTensor from_json_value(const V& j, const std::string& name);

  bool operator==(const ExactTensor& other) const = default;

 private:
  std::size_t rows_ = 0, cols_ = 0;
  // A literal entry: its text ("" for a dyadic entry) and whether its value is a binary64 value
  // (a fraction such as 1/64, the only literal stored so).
  struct Literal {
    std::string text;
    bool binary64 = false;
    bool operator==(const Literal& other) const = default;
  };
  std::vector<double> values_;     // the value (dyadic entries) or its rounding to nearest (literals)
  std::vector<Literal> literals_;  // empty (every entry dyadic), or one per entry
  // Appends the entry that `text` spells; throws InputError naming "<name>[<index>]" unless it is
  // a number literal.
  void append_text(std::string_view text, const std::string& name);
};

// The exact decimal expansion of a binary64 value when it has at most `max_digits` significant
// digits (0.5, 1e-3 is not one), otherwise its hexadecimal form: text that denotes exactly x.
std::string exact_decimal_or_hex(double x, std::size_t max_digits = 24);

}  // namespace nb
