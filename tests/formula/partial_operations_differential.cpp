// Differential test of the partial operations of formulas (verify/formula/partial_operation.hpp):
// random formulas in division, log, log1p, sqrt, integer and non-integer powers (nested, with exp,
// abs, + - *) over inputs of both signs and 0, evaluated in every tier of the formula evaluator and
// compared with an independent evaluation.
//
// The independent side ("oracle") walks the formula's tree itself with MPFR's C functions at 4000
// bits and its own domain rules: a divisor, the base of a negative power, log's argument must be
// != 0 / != 0 / > 0, log1p's > -1, sqrt's >= 0, and a power whose exponent is not an integer
// literal x > 0. It decides "at the edge" when the argument is within 2^-2000 of it: the formulas
// drawn (depth <= 4, small rational inputs, exp of arguments at most 40 in magnitude, else the draw
// is skipped) cannot come that close to an edge without being on it, and the evaluation's own
// error is below 2^-3900.
//
// Tiers: binary64 intervals and MPFI (256 bits) at the point, the exact tier (Calcium) at the point,
// and over a small box around the point binary64 intervals, MPFI and first-order gradients
// (Gradient<DoubleInterval>, with the mean-value form as prove uses it). A check fails when
//   * the oracle says defined and a tier throws OutsideDomain, or gives an enclosure (for the exact
//     tier: an exact value) that does not hold the oracle's value;
//   * the oracle says undefined at the point and a tier gives a value (anything but NaN, unknown
//     or OutsideDomain): on a box holding the point too, since the box holds an undefined point.
// NaN (unknown) where the oracle is defined is allowed and counted.
//   partial_operations_differential [--seed N] [--formulas K]
// prints the seed, checks, how many were defined and undefined, unknowns and failures (each
// failure with its formula and inputs); exits 1 on a failure, 64 on a usage error.
#include <mpfr.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/outside_domain.hpp"
#include "verify/prove/gradient_number.hpp"

namespace nb::formula {
namespace {

constexpr mpfr_prec_t kOraclePrecision = 4000;
constexpr long kEdgeExponent = -2000;  // within 2^-2000 of an edge: on it
constexpr long kToleranceExponent = -3000;

// ---- the oracle -----------------------------------------------------------------------------

class Big {
 public:
  Big() { mpfr_init2(v_, kOraclePrecision); }
  Big(const Big& o) : Big() { mpfr_set(v_, o.v_, MPFR_RNDN); }
  Big& operator=(const Big& o) {
    mpfr_set(v_, o.v_, MPFR_RNDN);
    return *this;
  }
  ~Big() { mpfr_clear(v_); }
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }

 private:
  mpfr_t v_;
};

enum class State { Defined, Undefined, Unsure };
struct OracleValue {
  State state = State::Defined;
  Big v;
};

OracleValue with_state(State s) {
  OracleValue o;
  o.state = s;
  return o;
}

// Whether |a - edge| < 2^kEdgeExponent.
bool at_edge(const Big& a, long edge) {
  Big d;
  mpfr_sub_si(d.get(), a.get(), edge, MPFR_RNDN);
  return mpfr_zero_p(d.get()) || mpfr_get_exp(d.get()) < kEdgeExponent;
}

// The value of an exact decimal literal ("3", "0.5").
Big literal_value(const std::string& text) {
  mpq_t q;
  mpq_init(q);
  const std::size_t dot = text.find('.');
  std::string digits = text, scale = "1";
  if (dot != std::string::npos) {
    digits = text.substr(0, dot) + text.substr(dot + 1);
    scale += std::string(text.size() - dot - 1, '0');
  }
  mpq_set_str(q, (digits + "/" + scale).c_str(), 10);
  mpq_canonicalize(q);
  Big b;
  mpfr_set_q(b.get(), q, MPFR_RNDN);
  mpq_clear(q);
  return b;
}

std::optional<long> integer_exponent(const Node& e) {
  const bool negative = e.kind == Node::Kind::Negate;
  const Node& m = negative ? e.args[0] : e;
  if (m.kind != Node::Kind::Number || m.text.find('.') != std::string::npos) return std::nullopt;
  const long k = std::stol(m.text);
  return negative ? -k : k;
}

struct Oracle {
  const std::vector<std::pair<std::string, mpq_srcptr>>& inputs;

  OracleValue eval(const Node& n) const {
    using K = Node::Kind;
    if (n.kind == K::Number) {
      OracleValue o;
      o.v = literal_value(n.text);
      return o;
    }
    if (n.kind == K::Name) {
      for (const auto& [name, q] : inputs)
        if (name == n.text) {
          OracleValue o;
          mpfr_set_q(o.v.get(), q, MPFR_RNDN);
          return o;
        }
      throw std::logic_error("oracle: unknown name " + n.text);
    }
    if (n.kind == K::Power) {
      OracleValue base = eval(n.args[0]);
      if (base.state != State::Defined) return base;
      if (const std::optional<long> k = integer_exponent(n.args[1])) {
        if (*k < 0 && at_edge(base.v, 0)) return with_state(State::Undefined);
        OracleValue o;
        mpfr_pow_si(o.v.get(), base.v.get(), *k, MPFR_RNDN);
        return o;
      }
      OracleValue y = eval(n.args[1]);
      if (y.state != State::Defined) return y;
      if (at_edge(base.v, 0) || mpfr_sgn(base.v.get()) < 0) return with_state(State::Undefined);
      OracleValue o;
      mpfr_pow(o.v.get(), base.v.get(), y.v.get(), MPFR_RNDN);
      return o;
    }
    std::vector<OracleValue> a;
    for (const Node& arg : n.args) {
      a.push_back(eval(arg));
      if (a.back().state != State::Defined) return a.back();
    }
    OracleValue o;
    mpfr_ptr r = o.v.get();
    switch (n.kind) {
      case K::Negate: mpfr_neg(r, a[0].v.get(), MPFR_RNDN); return o;
      case K::Add: mpfr_add(r, a[0].v.get(), a[1].v.get(), MPFR_RNDN); return o;
      case K::Subtract: mpfr_sub(r, a[0].v.get(), a[1].v.get(), MPFR_RNDN); return o;
      case K::Multiply: mpfr_mul(r, a[0].v.get(), a[1].v.get(), MPFR_RNDN); return o;
      case K::Divide:
        if (at_edge(a[1].v, 0)) return with_state(State::Undefined);
        mpfr_div(r, a[0].v.get(), a[1].v.get(), MPFR_RNDN);
        return o;
      default: break;
    }
    const Big& x = a.at(0).v;
    if (n.text == "log") {
      if (at_edge(x, 0) || mpfr_sgn(x.get()) < 0) return with_state(State::Undefined);
      mpfr_log(r, x.get(), MPFR_RNDN);
    } else if (n.text == "log1p") {
      if (at_edge(x, -1) || mpfr_cmp_si(x.get(), -1) < 0) return with_state(State::Undefined);
      mpfr_log1p(r, x.get(), MPFR_RNDN);
    } else if (n.text == "sqrt") {
      if (at_edge(x, 0)) mpfr_set_zero(r, 1);
      else if (mpfr_sgn(x.get()) < 0) return with_state(State::Undefined);
      else mpfr_sqrt(r, x.get(), MPFR_RNDN);
    } else if (n.text == "exp") {
      if (mpfr_cmpabs_ui(x.get(), 40) > 0) return with_state(State::Unsure);
      mpfr_exp(r, x.get(), MPFR_RNDN);
    } else if (n.text == "abs") {
      mpfr_abs(r, x.get(), MPFR_RNDN);
    } else {
      throw std::logic_error("oracle: unknown function " + n.text);
    }
    return o;
  }
};

// ---- formulas ---------------------------------------------------------------------------------

using Rng = std::mt19937_64;

std::size_t pick(Rng& rng, std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }

std::string leaf(Rng& rng) {
  static const char* const kLeaves[] = {"x", "y", "x", "y", "0", "1", "2", "3", "0.5"};
  return kLeaves[pick(rng, std::size(kLeaves))];
}

// A random formula of depth at most `depth`, rich in partial operations.
std::string formula(Rng& rng, int depth) {
  if (depth == 0 || pick(rng, 5) == 0) return leaf(rng);
  const std::string a = formula(rng, depth - 1);
  switch (pick(rng, 15)) {
    case 0: return "log(" + a + ")";
    case 1: return "log1p(" + a + ")";
    case 2: return "sqrt(" + a + ")";
    case 3: return "exp(" + a + ")";
    case 4: return "abs(" + a + ")";
    case 5: return "-(" + a + ")";
    case 6: {
      static const char* const kExponents[] = {"-2", "-1", "0", "1", "2", "3", "0.5", "(1/3)", "y", "1.5"};
      return "(" + a + ")^" + kExponents[pick(rng, std::size(kExponents))];
    }
    case 7: case 8: return "(" + a + ") / (" + formula(rng, depth - 1) + ")";
    case 9: return "(" + a + ") + (" + formula(rng, depth - 1) + ")";
    case 10: case 11: return "(" + a + ") - (" + formula(rng, depth - 1) + ")";
    default: return "(" + a + ") * (" + formula(rng, depth - 1) + ")";
  }
}

// ---- tiers ------------------------------------------------------------------------------------

struct Counts {
  std::uint64_t checks = 0, defined = 0, undefined = 0, unknown = 0, failures = 0;
};

// What a tier gave: a value, unknown (NaN), or undefined (OutsideDomain).
struct TierValue {
  enum class Kind { Value, Unknown, Undefined } kind;
  Big lo, hi;
};

template <class R>
TierValue interval_result(const R& x) {
  TierValue t{TierValue::Kind::Value, {}, {}};
  const auto lo = lower_end_of(x), hi = upper_end_of(x);
  if (!(lo == lo) || !(hi == hi)) {
    t.kind = TierValue::Kind::Unknown;
    return t;
  }
  if constexpr (std::is_same_v<R, DoubleInterval>) {
    mpfr_set_d(t.lo.get(), lo, MPFR_RNDD);
    mpfr_set_d(t.hi.get(), hi, MPFR_RNDU);
  } else {
    mpfr_set(t.lo.get(), lo.backend().data(), MPFR_RNDD);
    mpfr_set(t.hi.get(), hi.backend().data(), MPFR_RNDU);
  }
  return t;
}

template <class R, class Evaluate>
TierValue tier_value(Evaluate evaluate) {
  try {
    const R v = evaluate();
    if constexpr (is_gradient_v<R>) return interval_result(v.value);
    else if constexpr (is_exact_number_v<R>) {
      if (!v.is_number()) return {TierValue::Kind::Unknown, {}, {}};
      return interval_result(enclosure_of(v));
    } else return interval_result(v);
  } catch (const OutsideDomain&) {
    return {TierValue::Kind::Undefined, {}, {}};
  } catch (const NoExactForm&) {  // the exact tier's budget ran out: unknown
    return {TierValue::Kind::Unknown, {}, {}};
  }
}

// Whether lo - tol <= v <= hi + tol, tol = 2^kToleranceExponent max(1, |v|).
bool holds(const TierValue& t, const Big& v) {
  Big tol, lo, hi;
  mpfr_abs(tol.get(), v.get(), MPFR_RNDU);
  if (mpfr_cmp_ui(tol.get(), 1) < 0) mpfr_set_ui(tol.get(), 1, MPFR_RNDU);
  mpfr_mul_2si(tol.get(), tol.get(), kToleranceExponent, MPFR_RNDU);
  mpfr_sub(lo.get(), t.lo.get(), tol.get(), MPFR_RNDD);
  mpfr_add(hi.get(), t.hi.get(), tol.get(), MPFR_RNDU);
  return mpfr_lessequal_p(lo.get(), v.get()) && mpfr_lessequal_p(v.get(), hi.get());
}

std::string text_of(const Big& v) {
  char buffer[64];
  mpfr_snprintf(buffer, sizeof buffer, "%.20Rg", v.get());
  return buffer;
}

void compare(const char* tier, const TierValue& t, const OracleValue& o, const std::string& where, Counts& c) {
  ++c.checks;
  bool ok = true;
  if (o.state == State::Undefined) {
    ++c.undefined;
    ok = t.kind != TierValue::Kind::Value;
  } else {
    ++c.defined;
    if (t.kind == TierValue::Kind::Unknown) ++c.unknown;
    ok = t.kind == TierValue::Kind::Unknown || (t.kind == TierValue::Kind::Value && holds(t, o.v));
  }
  if (ok) return;
  ++c.failures;
  std::cout << "FAILED " << tier << ": " << where << ": oracle "
            << (o.state == State::Undefined ? std::string("undefined") : "defined, " + text_of(o.v)) << ", tier "
            << (t.kind == TierValue::Kind::Undefined ? std::string("undefined")
                                                       : "[" + text_of(t.lo) + ", " + text_of(t.hi) + "]")
            << "\n";
}

// Inputs: small rationals of both signs, 0 among them.
std::string input(Rng& rng) {
  static const char* const kInputs[] = {"0", "0", "1", "-1", "2", "-2", "1/2", "-1/2", "1/3", "-1/3", "3/2", "-3/2", "5", "-4", "1/4"};
  return kInputs[pick(rng, std::size(kInputs))];
}

template <class R>
R box_of(const std::string& literal, const std::string& half_width) {
  const R x = ExactTensor::literal(literal).entry<R>(0), h = ExactTensor::literal(half_width).entry<R>(0);
  return between(lower_end_of(R(x - h)), upper_end_of(R(x + h)));
}

void check_one(const Formula& f, const std::string& xs, const std::string& ys, const std::string& half_width,
               Counts& c) {
  const ExactTensor x = ExactTensor::literal(xs), y = ExactTensor::literal(ys);
  const Rational qx = x.exact(0), qy = y.exact(0);
  const std::vector<std::pair<std::string, mpq_srcptr>> inputs{{"x", qx.backend().data()}, {"y", qy.backend().data()}};
  const OracleValue o = Oracle{inputs}.eval(f.root);
  if (o.state == State::Unsure) return;
  const std::string where = "'" + f.text + "' at x = " + xs + ", y = " + ys;
  const std::string on_box = where + " (box of half-width " + half_width + ")";

  compare("binary64", tier_value<DoubleInterval>([&] {
            return evaluate_scalar(f, Bindings<DoubleInterval>{{"x", x.entry<DoubleInterval>(0)}, {"y", y.entry<DoubleInterval>(0)}});
          }), o, where, c);
  compare("MPFI", tier_value<Interval>([&] {
            return evaluate_scalar(f, Bindings<Interval>{{"x", x.entry<Interval>(0)}, {"y", y.entry<Interval>(0)}});
          }), o, where, c);
  {
    ExactScope scope(ExactBudget{.units = 2'000'000, .generators = 16});
    compare("exact", tier_value<ExactReal>([&] {
              return evaluate_scalar(f, Bindings<ExactReal>{{"x", x.entry<ExactReal>(0)}, {"y", y.entry<ExactReal>(0)}});
            }), o, where, c);
  }
  compare("binary64 box", tier_value<DoubleInterval>([&] {
            return evaluate_scalar(f, Bindings<DoubleInterval>{{"x", box_of<DoubleInterval>(xs, half_width)},
                                                               {"y", box_of<DoubleInterval>(ys, half_width)}});
          }), o, on_box, c);
  compare("MPFI box", tier_value<Interval>([&] {
            return evaluate_scalar(f, Bindings<Interval>{{"x", box_of<Interval>(xs, half_width)},
                                                         {"y", box_of<Interval>(ys, half_width)}});
          }), o, on_box, c);
  // Gradients over the box as prove seeds them: value, derivative 1 in its own coordinate, the
  // value at the centre and the offsets x - c for the mean-value form.
  using G = Gradient<DoubleInterval>;
  const DoubleInterval h = ExactTensor::literal(half_width).entry<DoubleInterval>(0);
  const std::vector<DoubleInterval> offsets{between(-upper_end_of(h), upper_end_of(h)), between(-upper_end_of(h), upper_end_of(h))};
  const G gx(box_of<DoubleInterval>(xs, half_width), {DoubleInterval(1), DoubleInterval(0)}, x.entry<DoubleInterval>(0), &offsets);
  const G gy(box_of<DoubleInterval>(ys, half_width), {DoubleInterval(0), DoubleInterval(1)}, y.entry<DoubleInterval>(0), &offsets);
  compare("gradient box", tier_value<G>([&] { return evaluate_scalar(f, Bindings<G>{{"x", gx}, {"y", gy}}); }), o, on_box, c);
}

int run(std::uint64_t seed, std::uint64_t formulas) {
  set_working_precision(256);
  Rng rng(seed);
  Counts c;
  static const char* const kHalfWidths[] = {"1/1024", "1/8", "0x1p-40"};
  for (std::uint64_t k = 0; k < formulas; ++k) {
    const Formula f = parse_formula(formula(rng, 4));
    for (int point = 0; point < 4; ++point)
      check_one(f, input(rng), input(rng), kHalfWidths[pick(rng, std::size(kHalfWidths))], c);
  }
  std::cout << "partial operations differential: seed " << seed << ", " << formulas << " formulas: " << c.checks
            << " checks (" << c.defined << " defined, " << c.undefined << " undefined), " << c.unknown
            << " unknown where defined, " << c.failures << " failures\n"
            << "replay: partial_operations_differential --seed " << seed << " --formulas " << formulas << "\n";
  return c.failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace nb::formula

int main(int argc, char** argv) {
  std::uint64_t seed = 20261206, formulas = 10000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--seed" || a == "--formulas") && i + 1 < argc) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0') {
        std::cerr << "partial_operations_differential: " << a << " needs a non-negative integer\n";
        return 64;
      }
      (a == "--seed" ? seed : formulas) = v;
    } else {
      std::cerr << "usage: partial_operations_differential [--seed N] [--formulas K]\n";
      return 64;
    }
  }
  try {
    return nb::formula::run(seed, formulas);
  } catch (const std::exception& e) {
    std::cerr << "partial_operations_differential: " << e.what() << "\n";
    return 70;
  }
}
