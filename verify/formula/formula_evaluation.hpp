#pragma once
// Values of a formula (verify/formula/formula.hpp) in a number type R: double, Mpfr, Interval,
// DoubleInterval. Every operation is R's own, so for an interval type the value is an enclosure
// of the exact value of the formula at every point of the enclosures bound to its names (NaN
// where an operation is undefined on part of them: log of an interval reaching 0, say).
//
// What names and calls mean:
//   names          the scalars and vectors bound by the caller (inputs, definitions) and the
//                  index variables of the enclosing sum/max/min/vec
//   x + - * / y    on scalars; on vectors entry by entry (both of one length, or one a scalar)
//   x ^ y          an integer literal y (also negative): repeated products (of |x| for even y, so
//                  that an interval around 0 gives a value >= 0); otherwise exp(y log x)
//   exp log log1p sqrt abs   of a scalar, or of each entry of a vector
//   min(x, y) max(x, y)      of two scalars (max_of/min_of: enclosures for interval types)
//   sum(i, e) max(i, e) min(i, e) vec(i, e)   over i = 0 .. n-1, n the length of every vector that
//                  is indexed by i in e (they must agree): a scalar, or the vector of the e's
//   v[i]           entry i of vector v, i an index variable
//   delta(i, j)    1 if the index variables i and j are equal, else 0 (Kronecker's delta)
//   dot(u, v) norm(v) softmax(v)   sum u_i v_i, the Euclidean norm, exp(v_i) / sum_j exp(v_j)
// A mistake of shape or of use (a vector where a scalar is needed, lengths that differ, an
// unknown name) throws FormulaError at the offending node.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>

#include "verify/exact.hpp"
#include "verify/formula/formula.hpp"
#include "verify/numbers.hpp"
#include "verify/softmax.hpp"

namespace nb::formula {

template <class R>
using Value = std::variant<R, Vector<R>>;

// What a formula's names mean in one evaluation.
template <class R>
using Bindings = std::map<std::string, Value<R>>;

namespace detail {

template <class R>
class Evaluation {
 public:
  Evaluation(const Formula& f, const Bindings<R>& names) : f_(f), names_(names) {}

  Value<R> value(const Node& n) {
    using K = Node::Kind;
    switch (n.kind) {
      case K::Number: return number(n);
      case K::Name: return name(n);
      case K::Negate: return map(value(n.args[0]), [](const R& x) { return R(-x); });
      case K::Add: return combine(n, [](const R& x, const R& y) { return R(x + y); });
      case K::Subtract: return combine(n, [](const R& x, const R& y) { return R(x - y); });
      case K::Multiply: return combine(n, [](const R& x, const R& y) { return R(x * y); });
      case K::Divide: return combine(n, [](const R& x, const R& y) { return R(x / y); });
      case K::Power: return power(n);
      case K::Index: return entry(n);
      case K::Call: return call(n);
    }
    fail(n, "unknown node");
  }

  R scalar(const Node& n) {
    Value<R> v = value(n);
    if (auto* x = std::get_if<R>(&v)) return std::move(*x);
    fail(n, "a scalar is needed here, not a vector of length " + std::to_string(std::get<Vector<R>>(v).size()));
  }
  Vector<R> vector(const Node& n) {
    Value<R> v = value(n);
    if (auto* x = std::get_if<Vector<R>>(&v)) return std::move(*x);
    fail(n, "a vector is needed here, not a scalar");
  }

 private:
  [[noreturn]] void fail(const Node& n, const std::string& what) const {
    throw FormulaError(what, f_.text, n.position, f_.origin);
  }

  // A literal's value, converted once per evaluation (a sum over L^2 terms meets it L^2 times).
  const R& number(const Node& n) {
    auto found = numbers_.find(&n);
    if (found == numbers_.end())
      found = numbers_.emplace(&n, ExactTensor::literal(n.text).template entry<R>(0)).first;
    return found->second;
  }

  Value<R> name(const Node& n) {
    if (const auto i = indices_.find(n.text); i != indices_.end()) return R(static_cast<std::int64_t>(i->second));
    if (const auto v = names_.find(n.text); v != names_.end()) return v->second;
    std::string known;
    for (const auto& [k, v] : names_) known += (known.empty() ? "" : ", ") + k;
    fail(n, "unknown name '" + n.text + "' (known: " + (known.empty() ? "none" : known) + ")");
  }

  template <class Op>
  static Value<R> map(Value<R> v, Op op) {
    if (auto* x = std::get_if<R>(&v)) return op(*x);
    Vector<R>& w = std::get<Vector<R>>(v);
    for (auto& e : w) e = op(e);
    return v;
  }

  template <class Op>
  Value<R> combine(const Node& n, Op op) {
    const Value<R> a = value(n.args[0]), b = value(n.args[1]);
    const auto* x = std::get_if<R>(&a);
    const auto* y = std::get_if<R>(&b);
    if (x && y) return op(*x, *y);
    const Eigen::Index len = x ? std::get<Vector<R>>(b).size() : std::get<Vector<R>>(a).size();
    if (!x && !y && std::get<Vector<R>>(b).size() != len)
      fail(n, "the vectors have lengths " + std::to_string(len) + " and " +
                  std::to_string(std::get<Vector<R>>(b).size()));
    Vector<R> out(len);
    for (Eigen::Index i = 0; i < len; ++i)
      out[i] = op(x ? *x : std::get<Vector<R>>(a)[i], y ? *y : std::get<Vector<R>>(b)[i]);
    return out;
  }

  Value<R> power(const Node& n) {
    const Node& e = n.args[1];
    const bool negative = e.kind == Node::Kind::Negate;
    const Node& magnitude = negative ? e.args[0] : e;
    if (magnitude.kind == Node::Kind::Number &&
        magnitude.text.find_first_not_of("0123456789") == std::string::npos && magnitude.text.size() <= 9) {
      const std::int64_t k = std::stoll(magnitude.text);
      return map(value(n.args[0]), [&](const R& x) {
        using std::abs;
        // An even power of an interval around 0 is >= 0: from |x|, not from x (x * x of [-1, 2] is [-2, 4]).
        R base = k % 2 == 0 ? R(abs(x)) : x;
        R p = R(1);
        // By squaring: x^999999999 takes 60 products, not a billion.
        for (std::int64_t left = k; left > 0; left /= 2) {
          if (left % 2 == 1) p *= base;
          if (left > 1) base *= base;
        }
        return negative ? R(R(1) / p) : p;
      });
    }
    using std::exp;
    using std::log;
    const R y = scalar(e);
    return map(value(n.args[0]), [&](const R& x) { return R(exp(y * log(x))); });
  }

  // The value of index variable `index`.
  std::size_t index_of(const Node& index) const {
    const auto i = index.kind == Node::Kind::Name ? indices_.find(index.text) : indices_.end();
    if (i == indices_.end()) fail(index, "an index must be the variable of an enclosing sum, max, min or vec");
    return i->second;
  }

  // The vector `n` denotes: for a name, the bound vector itself (an entry read in a sum over i
  // must not copy the vector: that made sums over L^2 entries cost L^3), else `scratch`, evaluated.
  const Vector<R>& vector_of(const Node& n, Vector<R>& scratch) {
    if (n.kind == Node::Kind::Name && !indices_.contains(n.text))
      if (const auto v = names_.find(n.text); v != names_.end())
        if (const auto* x = std::get_if<Vector<R>>(&v->second)) return *x;
    scratch = vector(n);
    return scratch;
  }

  Value<R> entry(const Node& n) {
    const std::size_t i = index_of(n.args[1]);
    Vector<R> scratch;
    const Vector<R>& v = vector_of(n.args[0], scratch);
    if (static_cast<Eigen::Index>(i) >= v.size())
      fail(n, "index " + n.args[1].text + " runs past the vector's length " + std::to_string(v.size()));
    return v[static_cast<Eigen::Index>(i)];
  }

  // The length that index variable `var` runs over in `body`: that of every vector indexed by it.
  std::size_t range(const Node& call, const std::string& var, const Node& body) {
    std::optional<std::size_t> length;
    visit_indexed(var, body, [&](const Node& indexed) {
      Vector<R> scratch;
      const std::size_t len = static_cast<std::size_t>(vector_of(indexed, scratch).size());
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
    arity(n, 1);
    if (f == "norm") {
      const Vector<R> v = vector(n.args[0]);
      R s = R(0);
      for (const R& x : v) s += x * x;
      return R(sqrt(s));
    }
    if (f == "softmax") return softmax(vector(n.args[0]), R(1));
    if (f == "exp") return map(value(n.args[0]), [](const R& x) { return R(exp(x)); });
    if (f == "log") return map(value(n.args[0]), [](const R& x) { return R(log(x)); });
    if (f == "log1p") return map(value(n.args[0]), [](const R& x) { return R(log1p(x)); });
    if (f == "sqrt") return map(value(n.args[0]), [](const R& x) { return R(sqrt(x)); });
    if (f == "abs") return map(value(n.args[0]), [](const R& x) { return R(abs(x)); });
    fail(n, "unknown function '" + f +
                "' (known: abs, delta, dot, exp, log, log1p, max, min, norm, softmax, sqrt, sum, vec)");
  }

  const Formula& f_;
  const Bindings<R>& names_;
  std::map<std::string, std::size_t> indices_;
  std::map<const Node*, R> numbers_;
};

}  // namespace detail

// The value of `f` with its names bound by `names`.
template <class R>
Value<R> evaluate(const Formula& f, const Bindings<R>& names) {
  return detail::Evaluation<R>(f, names).value(f.root);
}

// The same, which must be a scalar.
template <class R>
R evaluate_scalar(const Formula& f, const Bindings<R>& names) {
  return detail::Evaluation<R>(f, names).scalar(f.root);
}

}  // namespace nb::formula
