#pragma once
// Values of a formula (verify/formula/formula.hpp) in a number type R: double, Mpfr, Interval,
// DoubleInterval, ExactReal. Every operation is R's own or the library's kernel for R, so for an
// interval type the value is an enclosure of the exact value of the formula at every point of the
// enclosures bound to its names. The partial operations (division, log, log1p, sqrt, powers other
// than non-negative integer ones) are applied only where their argument is certainly inside their
// domain (verify/formula/partial_operation.hpp): where it may be outside, the value is NaN
// (unknown: log of an interval reaching 0, 1/[0, w]), never an infinite end; where it certainly is
// (log of [-2, -1], a divisor exactly 0), evaluation throws OutsideDomain, whose message names the
// operation and its place in the formula.
//
// What names and calls mean:
//   names          the scalars, vectors and matrices bound by the caller (inputs, definitions)
//                  and the index variables of the enclosing sum/max/min/vec
//   x + - * / y    on scalars; on vectors and matrices entry by entry (both of one shape, or one
//                  a scalar)
//   x ^ y          a literal y of integer value (2, 2.0, 1e2; also negative): repeated products (of |x| for even y, so
//                  that an interval around 0 gives a value >= 0), and for y < 0 the inverse of
//                  x^-y (x != 0); otherwise exp(y log x), defined for x > 0 only (0^0.5 is
//                  undefined, as log 0 is; sqrt(x) is defined at 0)
//   exp log log1p sqrt abs   of a scalar, or of each entry of a vector or matrix
//   min(x, y) max(x, y)      of two scalars (max_of/min_of: enclosures for interval types)
//   sum(i, e) max(i, e) min(i, e) vec(i, e)   over i = 0 .. n-1, n the length of every vector (the
//                  rows of every matrix) indexed by i in e (they must agree): a scalar, or the
//                  vector of the e's
//   v[i] K[i] K[i][j]   entry i of vector v, row i of matrix K (a vector), entry (i, j) of K;
//                  i, j index variables
//   delta(i, j)    1 if the index variables i and j are equal, else 0 (Kronecker's delta)
//   dot(u, v) norm(v) softmax(v)   sum u_i v_i, the Euclidean norm, exp(v_i) / sum_j exp(v_j)
//   largest(v, k)  the k-th largest entry of v with multiplicity (k an integer literal >= 1;
//                  largest(v, 2) of (3, 5, 5) is 5), verify/kernels/kth_largest.hpp; of an input whose
//                  exact value the caller passes, decided on that value (top_n), else on the
//                  enclosures' ends (no exact form)
//   sum_of_others(v)         the vector of sum_{j != i} v_j, by prefix and suffix sums
//                  (weights_of_the_others): of weights, 1 - a_i without the cancellation of 1 - a_i
//   softmax_jacobian(l, T)   the L x L matrix (diag(a) - a a^T) / T, a = softmax(l / T)
//   frobenius_norm(M)        sqrt(sum_ij M_ij^2)
//   spectral_norm(M)         the largest singular value, by the library's certified kernel
//                  (verify/kernels/spectral_norm.hpp); written as spectral_norm(softmax_jacobian(l, T))
//                  with l an input whose exact value the caller passes (or such an input over a
//                  scalar certainly > 0: T ||J(l, T)||_2 = ||J(l / T, 1)||_2) and T certainly > 0, by
//                  the softmax Jacobian's own kernel (verify/kernels/softmax_jacobian_norm.hpp: a secular
//                  equation, ties decided on the exact logits, exact at ties), which is sharper
//                  and has an exact form where the general kernel has none
// For R = Gradient<I> (verify/prove/gradient_number.hpp) each value carries enclosures of its first
// derivatives: softmax is the engine's form, differentiated; largest and spectral_norm, which have
// no derivative kernel, throw FormulaError.
// A mistake of shape or of use (a vector where a scalar is needed, lengths that differ, an
// unknown name) throws FormulaError at the offending node.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>

#include "verify/numbers/exact.hpp"
#include "verify/formula/formula.hpp"
#include "verify/formula/partial_operation.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/kernels/kth_largest.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"
#include "verify/kernels/softmax_jacobian_norm_over_box.hpp"
#include "verify/kernels/softmax_over_box.hpp"
#include "verify/kernels/spectral_norm.hpp"

namespace nb::formula {

template <class R>
using Value = std::variant<R, Vector<R>, Matrix<R>>;

// What a formula's names mean in one evaluation.
template <class R>
using Bindings = std::map<std::string, Value<R>>;

// The exact values of inputs, under the names they are bound to (a case's numbers, which hold no
// other names), where they decide what enclosures cannot (ties of logits).
using ExactInputs = std::map<std::string, ExactTensor>;

// "a scalar", "a vector of length 3", "a 2 x 3 matrix": what shape errors name.
template <class R>
std::string shape_of(const Value<R>& v) {
  if (std::holds_alternative<R>(v)) return "a scalar";
  if (const auto* x = std::get_if<Vector<R>>(&v)) return "a vector of length " + std::to_string(x->size());
  const Matrix<R>& m = std::get<Matrix<R>>(v);
  return "a " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) + " matrix";
}

namespace detail {

template <class R>
class Evaluation {
 public:
  Evaluation(const Formula& f, const Bindings<R>& names, const ExactInputs* exact, bool refuse_zero_divisors = false,
             bool over_box = false)
      : f_(f), names_(names), exact_(exact), refuse_zero_divisors_(refuse_zero_divisors), over_box_(over_box) {}

  Value<R> value(const Node& n) {
    using K = Node::Kind;
    switch (n.kind) {
      case K::Number: return number(n);
      case K::Name: return name(n);
      case K::Negate: return map(value(n.args[0]), [](const R& x) { return R(-x); });
      case K::Add: return combine(n, [](const R& x, const R& y) { return R(x + y); });
      case K::Subtract: return combine(n, [](const R& x, const R& y) { return R(x - y); });
      case K::Multiply: return combine(n, [](const R& x, const R& y) { return R(x * y); });
      case K::Divide:
        return combine(n, [&](const R& x, const R& y) {
          return checked(n, y, Domain::NonZero, "a division", [&](const R& d) { return R(x / d); });
        });
      case K::Power: return power(n);
      case K::Index: return entry(n);
      case K::Call: return call(n);
    }
    fail(n, "unknown node");
  }

  R scalar(const Node& n) { return of_shape<R>(n, "scalar"); }
  Vector<R> vector(const Node& n) { return of_shape<Vector<R>>(n, "vector"); }
  Matrix<R> matrix(const Node& n) { return of_shape<Matrix<R>>(n, "matrix"); }

 private:
  [[noreturn]] void fail(const Node& n, const std::string& what) const {
    throw FormulaError(what, f_.text, n.position, f_.origin);
  }

  // apply(x) where x is certainly in domain `d` (partial_operation.hpp). The OutsideDomain
  // message names `what`, the column and the formula (not its file: it goes into results, which
  // hold no machine paths); on the declared ranges (refusing
  // mode) an argument certainly outside the domain for every input is the file's mistake.
  template <class Apply>
  R checked(const Node& n, const R& x, Domain d, const char* what, Apply apply) const {
    const auto place = [&] {
      return std::string(what) + " at column " + std::to_string(n.position + 1) + " of '" + f_.text + "'";
    };
    try {
      return partial(x, d, place, apply);
    } catch (const OutsideDomain& e) {
      if (refuse_zero_divisors_) fail(n, std::string(e.what()) + " for any input in the declared ranges");
      throw;
    }
  }

  template <class Shape>
  Shape of_shape(const Node& n, const std::string& what) {
    Value<R> v = value(n);
    if (auto* x = std::get_if<Shape>(&v)) return std::move(*x);
    fail(n, "a " + what + " is needed here, not " + shape_of(v));
  }

  // A literal's value, converted once per evaluation (a sum over L^2 terms meets it L^2 times).
  const R& number(const Node& n) {
    auto found = numbers_.find(&n);
    if (found == numbers_.end())
    {
      if constexpr (is_gradient_v<R>)  // a constant: its value's number type, no derivatives
        found = numbers_.emplace(&n, R(ExactTensor::literal(n.text).template entry<typename R::Number>(0))).first;
      else
        found = numbers_.emplace(&n, ExactTensor::literal(n.text).template entry<R>(0)).first;
    }
    return found->second;
  }

  Value<R> name(const Node& n) {
    if (const auto i = indices_.find(n.text); i != indices_.end()) return R(static_cast<std::int64_t>(i->second));
    if (const auto v = names_.find(n.text); v != names_.end()) return v->second;
    std::string known;
    for (const auto& [k, v] : names_) known += (known.empty() ? "" : ", ") + k;
    fail(n, "unknown name '" + n.text + "' (known: " + (known.empty() ? "none" : known) + ")");
  }

  // op of every entry (of a scalar, of itself).
  template <class Op>
  static Value<R> map(Value<R> v, Op op) {
    if (auto* x = std::get_if<R>(&v)) return op(*x);
    std::visit(
        [&](auto& w) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(w)>, R>)
            for (Eigen::Index k = 0; k < w.size(); ++k) w(k) = op(w(k));
        },
        v);
    return v;
  }

  // op entry by entry of two values of one shape, or of a scalar and each entry of the other.
  template <class Op>
  Value<R> combine(const Node& n, Op op) {
    const Value<R> a = value(n.args[0]), b = value(n.args[1]);
    if (n.kind == Node::Kind::Divide && refuse_zero_divisors_) refuse_zero(n.args[1], b);
    if (const auto* x = std::get_if<R>(&a)) return map(b, [&](const R& e) { return op(*x, e); });
    if (const auto* y = std::get_if<R>(&b)) return map(a, [&](const R& e) { return op(e, *y); });
    if (shape_of(a) != shape_of(b)) fail(n, "the operands are " + shape_of(a) + " and " + shape_of(b));
    Value<R> out = a;
    std::visit(
        [&](auto& w) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(w)>, R>) {
            const auto& other = std::get<std::decay_t<decltype(w)>>(b);
            for (Eigen::Index k = 0; k < w.size(); ++k) w(k) = op(w(k), other(k));
          }
        },
        out);
    return out;
  }

  Value<R> power(const Node& n) {
    const Node& e = n.args[1];
    const bool negative = e.kind == Node::Kind::Negate;
    const Node& magnitude = negative ? e.args[0] : e;
    if (const std::optional<std::int64_t> exponent = integer_literal(magnitude)) {
      const std::int64_t k = *exponent;
      return map(value(n.args[0]), [&](const R& x) {
        using std::abs;
        // x^0 is 1 only where x has a value: an unknown x (an operation that may be undefined on
        // the box) leaves it unknown, which the products below do for every other exponent.
        if (k == 0 && is_unknown_value(x)) return x;
        // An even power of an interval around 0 is >= 0: from |x|, not from x (x * x of [-1, 2] is [-2, 4]).
        R base = k % 2 == 0 ? R(abs(x)) : x;
        R p = R(1);
        // By squaring: x^999999999 takes 60 products, not a billion.
        for (std::int64_t left = k; left > 0; left /= 2) {
          if (left % 2 == 1) p *= base;
          if (left > 1) base *= base;
        }
        if (!negative) return p;
        if (refuse_zero_divisors_) refuse_zero(n, p);  // x^-k is 1 / x^k
        return checked(n, p, Domain::NonZero, "a negative power", [](const R& d) { return R(R(1) / d); });
      });
    }
    using std::exp;
    using std::log;
    const R y = scalar(e);
    return map(value(n.args[0]), [&](const R& x) {
      return checked(n, x, Domain::Positive, "a power exp(y log x)", [&](const R& b) { return R(exp(y * log(b))); });
    });
  }

  // The value of a literal that is an integer up to 10^9 (2, 2.0, 1e2), else none: such an exponent
  // is repeated products, which, unlike exp(y log x), are defined for x < 0.
  static std::optional<std::int64_t> integer_literal(const Node& n) {
    if (n.kind != Node::Kind::Number) return std::nullopt;
    const Rational q = ExactTensor::literal(n.text).exact(0);
    if (denominator(q) != 1 || q > Rational(1000000000)) return std::nullopt;
    return static_cast<std::int64_t>(numerator(q).template convert_to<long long>());
  }

  // The value of index variable `index`.
  std::size_t index_of(const Node& index) const {
    const auto i = index.kind == Node::Kind::Name ? indices_.find(index.text) : indices_.end();
    if (i == indices_.end()) fail(index, "an index must be the variable of an enclosing sum, max, min or vec");
    return i->second;
  }

  // The value `n` denotes: for a name, the bound value itself (an entry read in a sum over i must
  // not copy a vector or matrix: that made sums over L^2 entries cost L^3), else `scratch`, evaluated.
  const Value<R>& value_of(const Node& n, Value<R>& scratch) {
    if (n.kind == Node::Kind::Name && !indices_.contains(n.text))
      if (const auto v = names_.find(n.text); v != names_.end()) return v->second;
    scratch = value(n);
    return scratch;
  }

  // How many entries an index of `indexed` runs over: a vector's length, a matrix's rows, and for
  // the row K[r] of a matrix its columns (known before r is bound, so that sum(j, sum(i, K[i][j]))
  // has a range for j).
  std::size_t extent(const Node& indexed) {
    Value<R> scratch;
    if (indexed.kind == Node::Kind::Index)
      if (const auto* m = std::get_if<Matrix<R>>(&value_of(indexed.args[0], scratch)))
        return static_cast<std::size_t>(m->cols());
    const Value<R>& v = value_of(indexed, scratch);
    if (const auto* x = std::get_if<Vector<R>>(&v)) return static_cast<std::size_t>(x->size());
    if (const auto* m = std::get_if<Matrix<R>>(&v)) return static_cast<std::size_t>(m->rows());
    fail(indexed, "a vector or a matrix is needed here, not a scalar");
  }

  Value<R> entry(const Node& n) {
    const std::size_t i = index_of(n.args[1]);
    const auto past = [&](std::size_t extent, const std::string& of) {
      if (i >= extent) fail(n, "index " + n.args[1].text + " runs past the " + of + " " + std::to_string(extent));
    };
    Value<R> scratch;
    const Node& base = n.args[0];
    // K[r][i] read in place, not through a copy of row r.
    if (base.kind == Node::Kind::Index)
      if (const auto* m = std::get_if<Matrix<R>>(&value_of(base.args[0], scratch))) {
        const std::size_t r = index_of(base.args[1]);
        if (r >= static_cast<std::size_t>(m->rows()))
          fail(base, "index " + base.args[1].text + " runs past the matrix's rows " + std::to_string(m->rows()));
        past(static_cast<std::size_t>(m->cols()), "matrix's columns");
        return (*m)(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(i));
      }
    const Value<R>& v = value_of(base, scratch);
    if (const auto* x = std::get_if<Vector<R>>(&v)) {
      past(static_cast<std::size_t>(x->size()), "vector's length");
      return (*x)[static_cast<Eigen::Index>(i)];
    }
    if (const auto* m = std::get_if<Matrix<R>>(&v)) {
      past(static_cast<std::size_t>(m->rows()), "matrix's rows");
      return Vector<R>(m->row(static_cast<Eigen::Index>(i)).transpose());
    }
    fail(base, "a vector or a matrix is needed here, not a scalar");
  }

  // The length that index variable `var` runs over in `body`: the extent of everything indexed by it.
  std::size_t range(const Node& call, const std::string& var, const Node& body) {
    std::optional<std::size_t> length;
    visit_indexed(var, body, [&](const Node& indexed) {
      const std::size_t len = extent(indexed);
      if (length && *length != len)
        fail(indexed, var + " runs over vectors of lengths " + std::to_string(*length) + " and " + std::to_string(len));
      length = len;
    });
    if (!length) fail(call, var + " indexes no vector in " + call.text + "(" + var + ", ...)");
    return *length;
  }
  template <class Visit>
  void visit_indexed(const std::string& var, const Node& n, const Visit& visit) {
    if (n.kind == Node::Kind::Index && n.args[1].kind == Node::Kind::Name && n.args[1].text == var) visit(n.args[0]);
    for (const Node& a : n.args) visit_indexed(var, a, visit);
  }

  // sum/max/min/vec(i, e) when the first argument names no value: an index form.
  bool index_form(const Node& n) const {
    return n.args.size() == 2 && n.args[0].kind == Node::Kind::Name && !names_.contains(n.args[0].text) &&
           !indices_.contains(n.args[0].text);
  }

  Value<R> reduce(const Node& n) {
    const std::string& var = n.args[0].text;
    const std::size_t len = range(n, var, n.args[1]);
    Vector<R> terms(static_cast<Eigen::Index>(len));
    for (std::size_t k = 0; k < len; ++k) {
      indices_[var] = k;
      terms[static_cast<Eigen::Index>(k)] = scalar(n.args[1]);
    }
    indices_.erase(var);
    if (n.text == "vec") return terms;
    if constexpr (is_exact_number_v<R>)  // ordered as a whole: a pair Calcium cannot order need not end it
      if (n.text != "sum") {
        const std::span<const R> all(terms.data(), static_cast<std::size_t>(terms.size()));
        return n.text == "max" ? max_of(all) : min_of(all);
      }
    R out = terms[0];
    for (Eigen::Index k = 1; k < terms.size(); ++k)
      out = n.text == "sum" ? R(out + terms[k]) : n.text == "max" ? max_of(out, terms[k]) : min_of(out, terms[k]);
    return out;
  }

  void arity(const Node& n, std::size_t count) const {
    if (n.args.size() != count)
      fail(n, n.text + " takes " + std::to_string(count) + " argument" + (count == 1 ? "" : "s") + ", not " +
                  std::to_string(n.args.size()));
  }

  Value<R> call(const Node& n) {
    using std::abs;
    using std::exp;
    using std::log;
    using std::log1p;
    using std::sqrt;
    const std::string& f = n.text;
    if ((f == "sum" || f == "vec" || f == "max" || f == "min") && index_form(n)) return reduce(n);
    if (f == "sum" || f == "vec") fail(n, f + "(i, e) needs a new index variable as its first argument");
    if (f == "max" || f == "min") {
      arity(n, 2);
      const R x = scalar(n.args[0]), y = scalar(n.args[1]);
      return f == "max" ? max_of(x, y) : min_of(x, y);
    }
    if (f == "delta") {  // Kronecker's delta of two index variables
      arity(n, 2);
      return R(index_of(n.args[0]) == index_of(n.args[1]) ? 1 : 0);
    }
    if (f == "dot") {
      arity(n, 2);
      const Vector<R> u = vector(n.args[0]), v = vector(n.args[1]);
      if (u.size() != v.size())
        fail(n, "dot of vectors of lengths " + std::to_string(u.size()) + " and " + std::to_string(v.size()));
      R s = R(0);
      for (Eigen::Index i = 0; i < u.size(); ++i) s += u[i] * v[i];
      return s;
    }
    if (f == "largest") {
      arity(n, 2);
      if constexpr (is_gradient_v<R>) fail(n, "largest has no derivative kernel");
      else return largest(n);
    }
    if (f == "softmax_jacobian") {
      arity(n, 2);
      const R T = checked(n.args[1], scalar(n.args[1]), Domain::NonZero, "softmax_jacobian's divisor T",
                          [](const R& t) { return t; });
      return nb::softmax_jacobian(weights(vector(n.args[0]), T), T);
    }
    arity(n, 1);
    if (f == "norm") return euclidean_norm(vector(n.args[0]));
    if (f == "softmax") return weights(vector(n.args[0]), R(1));
    if (f == "sum_of_others") return weights_of_the_others(vector(n.args[0]));
    if (f == "frobenius_norm") return euclidean_norm(matrix(n.args[0]));
    if (f == "spectral_norm") {
      if constexpr (is_gradient_v<R>) fail(n, "spectral_norm has no derivative kernel");
      else return spectral(n.args[0]);
    }
    if (f == "exp") return map(value(n.args[0]), [](const R& x) { return R(exp(x)); });
    if (f == "log")
      return map(value(n.args[0]), [&](const R& x) {
        return checked(n, x, Domain::Positive, "log", [](const R& a) { return R(log(a)); });
      });
    if (f == "log1p")
      return map(value(n.args[0]), [&](const R& x) {
        return checked(n, x, Domain::AboveMinusOne, "log1p", [](const R& a) { return R(log1p(a)); });
      });
    if (f == "sqrt")
      return map(value(n.args[0]), [&](const R& x) {
        return checked(n, x, Domain::NonNegative, "sqrt", [](const R& a) { return R(sqrt(a)); });
      });
    if (f == "abs") return map(value(n.args[0]), [](const R& x) { return R(abs(x)); });
    fail(n, "unknown function '" + f +
                "' (known: abs, delta, dot, exp, frobenius_norm, largest, log, log1p, max, min, norm, softmax, "
                "softmax_jacobian, spectral_norm, sqrt, sum, sum_of_others, vec)");
  }

  // softmax(l / T): over a box of inputs in the form whose enclosure is the weights' range
  // (verify/kernels/softmax_over_box.hpp), else the engine's.
  // For derivatives (R a Gradient) the engine's form, differentiated (verify/prove/gradient_number.hpp).
  Vector<R> weights(const Vector<R>& l, const R& T) const {
    if constexpr (is_gradient_v<R>) return softmax(l, T);
    else return over_box_ ? softmax_over_box(l, T) : softmax(l, T);
  }

  // sqrt(sum of squares) of the entries; for gradients the norm's own derivative (gradient_number.hpp:
  // sqrt's is unbounded at 0, where the norm is Lipschitz).
  template <class Entries>
  static R euclidean_norm(const Entries& entries) {
    using std::sqrt;
    if constexpr (is_gradient_v<R>) return norm_of_entries(entries);
    else return R(sqrt(sum_of_squares(entries)));
  }

  // For intervals squares of |x|, so that an entry around 0 adds a square >= 0 (x * x of [-1, 2]
  // is [-2, 4]).
  template <class Entries>
  static R sum_of_squares(const Entries& entries) {
    using std::abs;
    R s = R(0);
    for (Eigen::Index k = 0; k < entries.size(); ++k) {
      const R m = is_interval_v<R> ? R(abs(entries(k))) : entries(k);
      s += m * m;
    }
    return s;
  }

  // largest(v, k): on the exact value of an input v where the caller passes it, else on v's entries.
  R largest(const Node& n) {
    const Node& k_node = n.args[1];
    if (k_node.kind != Node::Kind::Number || k_node.text.find_first_not_of("0123456789") != std::string::npos ||
        k_node.text.size() > 9 || std::stoll(k_node.text) < 1)
      fail(k_node, "the k of largest(v, k) must be an integer literal of at least 1");
    const auto k = static_cast<std::size_t>(std::stoll(k_node.text));
    const ExactTensor* exact = exact_input(n.args[0]);
    const Vector<R> v = exact ? Vector<R>() : vector(n.args[0]);
    const std::size_t length = exact ? exact->size() : static_cast<std::size_t>(v.size());
    if (k > length) fail(k_node, "largest(v, " + k_node.text + ") of a vector of length " + std::to_string(length));
    return exact ? kth_largest<R>(*exact, k) : kth_largest(v, k);
  }

  // The exact value of the input vector `n` names, where the caller passes it (else null).
  const ExactTensor* exact_input(const Node& n) const {
    if (!exact_ || n.kind != Node::Kind::Name || indices_.contains(n.text)) return nullptr;
    const auto found = exact_->find(n.text);
    return found != exact_->end() && found->second.is_vector() ? &found->second : nullptr;
  }

  // The exact input whose ties and order are those of the logits `n`: n itself (an input with a
  // known exact value), or n = l / s with s certainly > 0, which divides every logit alike.
  const ExactTensor* exact_ordering(const Node& n) {
    if (n.kind == Node::Kind::Divide) {
      const Value<R> s = value(n.args[1]);
      const R* divisor = std::get_if<R>(&s);
      return divisor && certainly_positive(*divisor) ? exact_input(n.args[0]) : nullptr;
    }
    return exact_input(n);
  }

  // spectral_norm(m): by the softmax Jacobian's kernel where m is softmax_jacobian(l, T) of logits
  // l with an exact ordering (above) and T certainly > 0 (its ties are decided on the exact value
  // and its order of weights is that of l), else by the general kernel.
  R spectral(const Node& m) {
    if constexpr (is_interval_v<R>)
      if (over_box_ && m.kind == Node::Kind::Call && m.text == "softmax_jacobian" && m.args.size() == 2)
        return softmax_jacobian_norm_over_box(vector(m.args[0]), scalar(m.args[1]));
    if (m.kind == Node::Kind::Call && m.text == "softmax_jacobian" && m.args.size() == 2)
      if (const ExactTensor* l = exact_ordering(m.args[0])) {
        const R T = scalar(m.args[1]);
        if (certainly_positive(T)) return softmax_jacobian_norm(softmax(vector(m.args[0]), T), T, *l);
      }
    return spectral_norm(matrix(m));
  }

  // Throws at `divisor` if an entry of its value `v` may be 0 (an enclosure holding 0, or unknown).
  void refuse_zero(const Node& divisor, const Value<R>& v) const {
    if constexpr (std::is_same_v<R, DoubleInterval>) {
      const auto refuse = [&](const R& x) {
        if (lower_end_of(x) > 0 || upper_end_of(x) < 0) return;
        std::ostringstream range;
        range << "[" << lower_end_of(x) << ", " << upper_end_of(x) << "]";
        fail(divisor, "this divisor may be 0 for inputs in their declared ranges (it lies in " + range.str() +
                          "): state what keeps it away from 0 (positive = true on an input, a range without 0, or an [[assume]])");
      };
      map(v, [&](const R& x) {
        refuse(x);
        return x;
      });
    }
  }

  static bool certainly_positive(const R& x) {
    if constexpr (is_exact_number_v<R>) return sign_of(x) == ExactSign::Positive;
    else return lower_end_of(x) > 0;
  }

  const Formula& f_;
  const Bindings<R>& names_;
  const ExactInputs* exact_;
  std::map<std::string, std::size_t> indices_;
  std::map<const Node*, R> numbers_;
  bool refuse_zero_divisors_;
  bool over_box_;
};

}  // namespace detail

// The value of `f` with its names bound by `names`, `exact` holding the exact values of the
// inputs among them (or null).
template <class R>
Value<R> evaluate(const Formula& f, const Bindings<R>& names, const ExactInputs* exact = nullptr) {
  return detail::Evaluation<R>(f, names, exact).value(f.root);
}

// evaluate, for R = DoubleInterval with `names` bound to enclosures of the inputs' declared ranges,
// throwing FormulaError at the first divisor whose enclosure holds 0 or is unknown: a division the
// ranges do not keep away from 0 (the enclosures may be wider than the true ranges, so a divisor
// that only comes close to 0 may be refused too).
template <class R>
Value<R> evaluate_refusing_zero_divisors(const Formula& f, const Bindings<R>& names) {
  return detail::Evaluation<R>(f, names, nullptr, true).value(f.root);
}

// evaluate with `names` bound to enclosures of boxes of inputs (a region proof, verify/prove/):
// kernels whose enclosure is the range over the box where one exists (softmax as
// verify/kernels/softmax_over_box.hpp writes it), at O(L^2) where the engine's are O(L). The value is an
// enclosure of the formula's value at every point of the box, as evaluate's.
template <class R>
Value<R> evaluate_over_box(const Formula& f, const Bindings<R>& names) {
  return detail::Evaluation<R>(f, names, nullptr, false, true).value(f.root);
}

// The same, which must be a scalar.
template <class R>
R evaluate_scalar(const Formula& f, const Bindings<R>& names, const ExactInputs* exact = nullptr) {
  return detail::Evaluation<R>(f, names, exact).scalar(f.root);
}

}  // namespace nb::formula
