#pragma once
// Gradient<R>: forward-mode automatic differentiation over a box. A Gradient holds an enclosure of
// a function's value and of each of its first partial derivatives with respect to the box's
// varying coordinates, over the whole box (R = DoubleInterval or Interval), and an enclosure of its
// value at the box's midpoint c. Every operation below returns enclosures of the result's value and
// derivatives at every point of the box, by the chain rule evaluated in interval arithmetic, and
// of its value at c.
//
// Centred values: where the box's offsets x_k - c_k are known (`offsets`, enclosures of them over
// the box, which the caller seeding the inputs owns and keeps alive), each result's value is the
// intersection of the operation's own enclosure with the mean-value form
// centre + sum_k gradient_k (x_k - c_k), which holds by the mean value theorem. The values then
// lose O(w^2) to dependence on a box of side w where interval arithmetic loses O(w), and so do the
// derivatives computed from them (the softmax's weights, a matrix's entries).
//
// abs and max_of/min_of are not differentiable everywhere: where an operand's sign (or which
// operand is larger) is not certain on the box, the derivative returned is the interval hull of the
// one-sided derivatives, which encloses Clarke's generalized gradient; Lebourg's mean value
// theorem (f(x) - f(c) is in <∂f(z), x - c> for some z on the segment) holds with it, which is all
// the mean-value form and the monotonicity test (box_statement.cpp) use.
//
// A derivative that an operation cannot enclose (sqrt at an interval reaching 0) comes out
// infinite or NaN: callers check is_finite_value on every entry and fall back to the value alone.
// The formula evaluator applies a partial operation only where its argument's value over the box is
// certainly inside its domain (verify/formula/partial_operation.hpp): elsewhere the value, centre
// and every derivative are NaN, so a box reaching the edge of a domain is never decided through
// its derivatives. The formula evaluator refuses, for this type, the kernels that
// have no derivative (largest, spectral_norm); callers check formulas with
// formulas_have_derivatives (box_statement.cpp) before evaluating them here.
#include <concepts>
#include <cstddef>
#include <utility>
#include <vector>

#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/enclosure_intersection.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

template <class R>
struct Gradient {
  using Number = R;
  R value;
  std::vector<R> gradient;  // one entry per varying coordinate; empty: every derivative is 0 (a constant)
  R centre;                 // the value at the box's midpoint
  const std::vector<R>* offsets = nullptr;  // x_k - c_k over the box, per varying coordinate; null: unknown

  Gradient() = default;
  // The constant n.
  template <std::integral I>
  Gradient(I n) : value(n), centre(n) {}  // NOLINT(google-explicit-constructor): R(1), R(L) in generic code
  // The constant x.
  explicit Gradient(R x) : value(x), centre(std::move(x)) {}
  // Value and derivatives over the box; the value at the midpoint only as the value's enclosure.
  Gradient(R x, std::vector<R> g) : value(x), gradient(std::move(g)), centre(std::move(x)) {}
  // A result of an operation: its value over the box is narrowed by the mean-value form.
  Gradient(R x, std::vector<R> g, R at_centre, const std::vector<R>* box_offsets);

  Gradient& operator+=(const Gradient& b) { return *this = *this + b; }
  Gradient& operator-=(const Gradient& b) { return *this = *this - b; }
  Gradient& operator*=(const Gradient& b) { return *this = *this * b; }
  Gradient& operator/=(const Gradient& b) { return *this = *this / b; }
};

template <class R>
Gradient<R>::Gradient(R x, std::vector<R> g, R at_centre, const std::vector<R>* box_offsets)
    : value(std::move(x)), gradient(std::move(g)), centre(std::move(at_centre)), offsets(box_offsets) {
  if (!offsets || gradient.empty() || gradient.size() > offsets->size()) return;
  R centred = centre;
  for (std::size_t k = 0; k < gradient.size(); ++k) centred += gradient[k] * (*offsets)[k];
  value = intersection(value, centred);
}

template <class R>
inline constexpr bool is_gradient_v<Gradient<R>> = true;

namespace gradient_detail {

// a * ga + b * gb entry by entry (an empty gradient is all zeros): the derivative of any
// function of two operands with partial derivatives enclosed by a and b.
template <class R>
std::vector<R> combination(const R& a, const std::vector<R>& ga, const R& b, const std::vector<R>& gb) {
  std::vector<R> out(std::max(ga.size(), gb.size()), R(0));
  for (std::size_t k = 0; k < ga.size(); ++k) out[k] = a * ga[k];
  for (std::size_t k = 0; k < gb.size(); ++k) out[k] = k < ga.size() ? R(out[k] + b * gb[k]) : R(b * gb[k]);
  return out;
}

template <class R>
std::vector<R> scaled(const R& a, const std::vector<R>& g) {
  std::vector<R> out(g.size());
  for (std::size_t k = 0; k < g.size(); ++k) out[k] = a * g[k];
  return out;
}

// The offsets of an operation's result: its operands' (one of them may be a constant, with none).
template <class R>
const std::vector<R>* offsets_of(const Gradient<R>& x, const Gradient<R>& y) {
  return x.offsets ? x.offsets : y.offsets;
}

// The smallest interval holding a and b; NaN if either is unknown.
template <class R>
R hull(const R& a, const R& b) {
  const auto alo = lower_end_of(a), ahi = upper_end_of(a), blo = lower_end_of(b), bhi = upper_end_of(b);
  if (end_is_nan(alo) || end_is_nan(ahi) || end_is_nan(blo) || end_is_nan(bhi)) return not_a_number<R>();
  return between(alo < blo ? alo : blo, ahi > bhi ? ahi : bhi);
}

// Entry by entry hull of two gradients (an empty one is all zeros).
template <class R>
std::vector<R> hull(const std::vector<R>& ga, const std::vector<R>& gb) {
  std::vector<R> out(std::max(ga.size(), gb.size()));
  for (std::size_t k = 0; k < out.size(); ++k)
    out[k] = hull(k < ga.size() ? ga[k] : R(0), k < gb.size() ? gb[k] : R(0));
  return out;
}

}  // namespace gradient_detail

template <class R>
Gradient<R> operator-(const Gradient<R>& x) {
  return {R(-x.value), gradient_detail::scaled(R(-1), x.gradient), R(-x.centre), x.offsets};
}
template <class R>
Gradient<R> operator+(const Gradient<R>& x, const Gradient<R>& y) {
  return {R(x.value + y.value), gradient_detail::combination(R(1), x.gradient, R(1), y.gradient), R(x.centre + y.centre),
          gradient_detail::offsets_of(x, y)};
}
template <class R>
Gradient<R> operator-(const Gradient<R>& x, const Gradient<R>& y) {
  return {R(x.value - y.value), gradient_detail::combination(R(1), x.gradient, R(-1), y.gradient), R(x.centre - y.centre),
          gradient_detail::offsets_of(x, y)};
}
// d(xy) = y dx + x dy.
template <class R>
Gradient<R> operator*(const Gradient<R>& x, const Gradient<R>& y) {
  return {R(x.value * y.value), gradient_detail::combination(y.value, x.gradient, x.value, y.gradient), R(x.centre * y.centre),
          gradient_detail::offsets_of(x, y)};
}
// d(x/y) = (dx - (x/y) dy) / y: the quotient's enclosure q holds x/y at every point, so the
// derivative's enclosure holds the derivative at every point.
template <class R>
Gradient<R> operator/(const Gradient<R>& x, const Gradient<R>& y) {
  const R q = x.value / y.value, inverse = R(1) / y.value;
  return {q, gradient_detail::combination(inverse, x.gradient, R(-(q * inverse)), y.gradient), R(x.centre / y.centre),
          gradient_detail::offsets_of(x, y)};
}

template <class R>
Gradient<R> exp(const Gradient<R>& x) {
  using std::exp;
  R e = exp(x.value);
  std::vector<R> g = gradient_detail::scaled(e, x.gradient);
  return {std::move(e), std::move(g), R(exp(x.centre)), x.offsets};
}
template <class R>
Gradient<R> log(const Gradient<R>& x) {
  using std::log;
  return {R(log(x.value)), gradient_detail::scaled(R(R(1) / x.value), x.gradient), R(log(x.centre)), x.offsets};
}
template <class R>
Gradient<R> log1p(const Gradient<R>& x) {
  using std::log1p;
  return {R(log1p(x.value)), gradient_detail::scaled(R(R(1) / R(R(1) + x.value)), x.gradient), R(log1p(x.centre)),
          x.offsets};
}
// d sqrt(x) = dx / (2 sqrt(x)): infinite where x reaches 0 (sqrt is not Lipschitz there).
template <class R>
Gradient<R> sqrt(const Gradient<R>& x) {
  using std::sqrt;
  R s = sqrt(x.value);
  std::vector<R> g = gradient_detail::scaled(R(R(1) / R(R(2) * s)), x.gradient);
  return {std::move(s), std::move(g), R(sqrt(x.centre)), x.offsets};
}
// d|x| = sign(x) dx; where x's sign is not certain, [-1, 1] dx (Clarke's generalized gradient).
// Where x >= 0 on the whole box, |x| is x there, whose derivative serves the mean value theorem on
// the box even where x reaches 0 (at a face: q in [0, 1/8] has |q|' = 1); so x <= 0 gives -1.
template <class R>
Gradient<R> abs(const Gradient<R>& x) {
  using std::abs;
  const R sign = lower_end_of(x.value) >= 0   ? R(1)
                 : upper_end_of(x.value) <= 0 ? R(-1)
                                              : gradient_detail::hull(R(-1), R(1));
  return {R(abs(x.value)), gradient_detail::scaled(sign, x.gradient), R(abs(x.centre)), x.offsets};
}

// max(x, y): the operand that is at least the other on the whole box (the maximum is that operand
// there, as for abs), else the hull of both derivatives (Clarke's generalized gradient where they tie).
template <class R>
Gradient<R> max_of(const Gradient<R>& x, const Gradient<R>& y) {
  if (lower_end_of(x.value) >= upper_end_of(y.value)) return x;
  if (lower_end_of(y.value) >= upper_end_of(x.value)) return y;
  return {max_of(x.value, y.value), gradient_detail::hull(x.gradient, y.gradient), max_of(x.centre, y.centre),
          gradient_detail::offsets_of(x, y)};
}
template <class R>
Gradient<R> min_of(const Gradient<R>& x, const Gradient<R>& y) {
  if (upper_end_of(x.value) <= lower_end_of(y.value)) return x;
  if (upper_end_of(y.value) <= lower_end_of(x.value)) return y;
  return {min_of(x.value, y.value), gradient_detail::hull(x.gradient, y.gradient), min_of(x.centre, y.centre),
          gradient_detail::offsets_of(x, y)};
}

// softmax(logits / T) as verify/kernels/softmax.hpp computes it (a shift by a constant near the largest
// logit, which changes neither the weights nor their derivatives), differentiated through its
// exponentials, sum and quotients.
template <class R>
Vector<Gradient<R>> softmax(const Vector<Gradient<R>>& logits, const Gradient<R>& T) {
  const Eigen::Index L = logits.size();
  auto top = midpoint_of(logits[0].value);
  for (Eigen::Index i = 1; i < L; ++i) top = max_of(top, midpoint_of(logits[i].value));
  const Gradient<R> shift(point_of<R>(top));
  Vector<Gradient<R>> e(L);
  Gradient<R> sum(0);
  for (Eigen::Index i = 0; i < L; ++i) e[i] = exp((logits[i] - shift) / T);
  for (Eigen::Index i = 0; i < L; ++i) sum += e[i];
  for (Eigen::Index i = 0; i < L; ++i) e[i] /= sum;
  return e;
}

// The Euclidean norm of the entries of v (a vector or matrix of Gradients), with derivative
// sum_i (v_i / ||v||) dv_i. Each v_i / ||v|| lies in [-1, 1], and at v = 0 the norm's Clarke
// gradient is the unit ball, inside [-1, 1]^n: so each factor is enclosed by [-1, 1] intersected
// with the quotient's enclosure where ||v||'s enclosure is > 0, by [-1, 1] elsewhere. (sqrt of the
// sum of squares would have an unbounded derivative at 0, where the norm is Lipschitz.)
template <class Entries>
auto norm_of_entries(const Entries& v) {
  using G = typename Entries::Scalar;
  using R = typename G::Number;
  using std::abs;
  using std::sqrt;
  if (v.size() == 1) return abs(v(0));  // |x|, whose derivative is certain where x's sign is
  const auto norm_of = [&](auto part) {
    R squares = R(0);
    for (Eigen::Index k = 0; k < v.size(); ++k) {
      const R m = abs(part(v(k)));
      squares += m * m;
    }
    return R(sqrt(squares));
  };
  const R norm = norm_of([](const G& x) { return x.value; });
  const R unit = gradient_detail::hull(R(-1), R(1));
  std::vector<R> gradient;
  const std::vector<R>* offsets = nullptr;
  for (Eigen::Index k = 0; k < v.size(); ++k) {
    R factor = unit;
    if (lower_end_of(norm) > 0) {
      const R q = v(k).value / norm;
      const auto lo = lower_end_of(q), hi = upper_end_of(q);
      if (!end_is_nan(lo) && !end_is_nan(hi))
        factor = between(lo > -1 ? lo : decltype(lo)(-1), hi < 1 ? hi : decltype(hi)(1));
    }
    gradient = gradient_detail::combination(R(1), gradient, factor, v(k).gradient);
    if (!offsets) offsets = v(k).offsets;
  }
  return G(norm, std::move(gradient), norm_of([](const G& x) { return x.centre; }), offsets);
}

// Whether the value and every derivative are enclosed by finite intervals.
template <class R>
bool is_finite_value(const Gradient<R>& x) {
  if (!is_finite_value(x.value)) return false;
  for (const R& g : x.gradient)
    if (!is_finite_value(g)) return false;
  return true;
}

}  // namespace nb

namespace Eigen {
// Eigen stores Gradients in the evaluator's vectors and matrices; nothing here computes with them.
template <class R>
struct NumTraits<nb::Gradient<R>> : GenericNumTraits<nb::Gradient<R>> {
  using Real = nb::Gradient<R>;
  using NonInteger = nb::Gradient<R>;
  using Literal = nb::Gradient<R>;
  using Nested = nb::Gradient<R>;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 8, AddCost = 32, MulCost = 64 };
};
}  // namespace Eigen
