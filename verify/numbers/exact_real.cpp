#include "verify/numbers/exact_real.hpp"

#include <algorithm>
#include <cmath>

#include "verify/numbers/calcium_headers.hpp"
#include "verify/io/errors.hpp"

namespace nb {

// The Calcium objects behind ExactReal's and ExactScope's opaque members.
struct CalciumAccess {
  static ca_ptr value(ExactReal& x) { return reinterpret_cast<ca_ptr>(x.value_); }
  static ca_srcptr value(const ExactReal& x) { return reinterpret_cast<ca_srcptr>(x.value_); }
  static ca_ctx_struct* context(const ExactReal& x) { return static_cast<ca_ctx_struct*>(x.ctx_); }
  static ca_ctx_struct* context(const ExactScope& s) { return static_cast<ca_ctx_struct*>(s.context_); }
  static_assert(sizeof(ExactReal::value_) == sizeof(ca_struct) && alignof(ca_struct) <= 8,
                "ExactReal's storage must match Calcium's ca_struct");
};

namespace {

using A = CalciumAccess;

thread_local ExactScope* active_scope = nullptr;

// FLINT keeps per-thread caches (its pool of GMP integers, Arb's constants) that a finished
// thread would leak; flint_cleanup frees them once no FLINT object of the thread is left, i.e.
// when this guard, made before the thread's first Calcium object, is destroyed at thread exit.
struct FlintThreadCleanup {
  ~FlintThreadCleanup() { flint_cleanup(); }
};

void register_thread_cleanup() {
  thread_local FlintThreadCleanup cleanup;
  (void)cleanup;
}

// A Calcium context with normbound's options. Calcium decides a sign numerically when it can,
// raising precision up to CA_OPT_PREC_LIMIT, and only then looks for an algebraic proof of zero
// (LLL relation search, ECM factoring under square roots), which is slow and, on the slacks that
// are tiny but not zero, fails. Measured on `check --all` (3056 cases, 2 threads, interleaved
// repeats): the defaults (4096 bits, 32-bit smooth factors) left 9 cases TIGHT; 32768 bits decides 6
// of them (slacks near 1e-1320: softmax with T = 1/64 saturates) and 16-bit factors give the same
// outcomes on every case, with 12.2-12.8 s wall against 10.1-11.2 s after.
void init_context(ca_ctx_struct* ctx) {
  ca_ctx_init(ctx);
  ctx->options[CA_OPT_PREC_LIMIT] = 32768;
  ctx->options[CA_OPT_SMOOTH_LIMIT] = 16;
}

// The context of a thread's ExactReals made outside any ExactScope.
struct ThreadContext {
  ca_ctx_t ctx;
  ThreadContext() { init_context(ctx); }
  ~ThreadContext() { ca_ctx_clear(ctx); }
};

ca_ctx_struct* current_context() {
  if (active_scope) return A::context(*active_scope);
  register_thread_cleanup();
  thread_local ThreadContext fallback;
  return fallback.ctx;
}

// Bits of a rational's numerator and denominator, in 64-bit words.
std::uint64_t words_of(const fmpq_t q) {
  return (fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q))) / 64;
}

// The size of x in the units of ExactBudget: 1 for a small rational, more for long integers,
// algebraic numbers of high degree and rational functions with many terms in many generators.
std::uint64_t size_of(const ExactReal& number) {
  const ca_srcptr x = A::value(number);
  if (CA_IS_SPECIAL(x)) return 1;
  const ca_field_srcptr K = CA_FIELD(x, A::context(number));
  if (CA_FIELD_IS_QQ(K)) return 1 + words_of(CA_FMPQ(x));
  if (CA_FIELD_IS_NF(K)) return 1 + static_cast<std::uint64_t>(qqbar_degree(CA_FIELD_NF_QQBAR(K)));
  const fmpz_mpoly_q_struct* f = CA_MPOLY_Q(x);
  return 1 + static_cast<std::uint64_t>(fmpz_mpoly_q_numref(f)->length + fmpz_mpoly_q_denref(f)->length) *
                 static_cast<std::uint64_t>(CA_FIELD_LENGTH(K));
}

// The number of generators of the field x lives in (0 for a rational).
long generators_of(const ExactReal& x) {
  const ca_srcptr v = A::value(x);
  return CA_IS_SPECIAL(v) ? 0 : CA_FIELD_LENGTH(CA_FIELD(v, A::context(x)));
}

// Charges one operation whose result is `x`, and its field's generators.
void charge_result(const ExactReal& x) {
  ExactScope::charge(1 + size_of(x));
  ExactScope::limit_generators(generators_of(x));
}

// Charges a comparison of a and b.
void charge_comparison(const ExactReal& a, const ExactReal& b) { ExactScope::charge(1 + size_of(a) + size_of(b)); }

// Calcium numbers of different contexts cannot be combined.
void require_same_context(const ExactReal& a, const ExactReal& b) {
  if (!a.same_context(b))
    throw std::logic_error("ExactReal: operands from different contexts (an ExactReal outlived its ExactScope?)");
}

// The decision `t`; NoExactForm naming `what` when Calcium could not make it.
bool decided(truth_t t, const char* what) {
  if (t == T_UNKNOWN) throw NoExactForm(std::string("Calcium could not decide ") + what);
  return t == T_TRUE;
}

}  // namespace

// ---- ExactScope ----------------------------------------------------------------------------

ExactScope::ExactScope(ExactBudget budget) : budget_(budget), outer_(active_scope) {
  register_thread_cleanup();
  auto* ctx = new ca_ctx_struct;
  init_context(ctx);
  context_ = ctx;
  active_scope = this;
}

ExactScope::~ExactScope() {
  active_scope = outer_;
  ca_ctx_struct* ctx = A::context(*this);
  ca_ctx_clear(ctx);
  delete ctx;
}

ExactScope* ExactScope::current() { return active_scope; }

void ExactScope::charge(std::uint64_t units) {
  ExactScope* s = active_scope;
  if (!s) return;
  s->used_ += units;
  if (s->used_ > s->budget_.units)
    throw NoExactForm("budget: more than " + std::to_string(s->budget_.units) + " units of work");
}

void ExactScope::limit_generators(long generators) {
  ExactScope* s = active_scope;
  if (s && generators > static_cast<long>(s->budget_.generators))
    throw NoExactForm("budget: a field of more than " + std::to_string(s->budget_.generators) + " generators");
}

void ExactScope::note_unknown(const std::string& reason) {
  ExactScope* s = active_scope;
  if (s && std::find(s->reasons_.begin(), s->reasons_.end(), reason) == s->reasons_.end())
    s->reasons_.push_back(reason);
}

// ---- ExactReal -----------------------------------------------------------------------------

ExactReal::ExactReal() : ctx_(current_context()) { ca_init(A::value(*this), A::context(*this)); }

void ExactReal::set_signed(long n) { ca_set_si(A::value(*this), n, A::context(*this)); }
void ExactReal::set_unsigned(unsigned long n) { ca_set_ui(A::value(*this), n, A::context(*this)); }

ExactReal ExactReal::of_double(double x) {
  if (!std::isfinite(x)) throw InputError("an exact number must be finite");
  ExactReal r;
  ca_set_d(A::value(r), x, A::context(r));  // exact: the dyadic rational x
  return r;
}

ExactReal ExactReal::unknown(const std::string& reason) {
  ExactScope::note_unknown(reason);
  return not_a_number<ExactReal>();
}

ExactReal::ExactReal(const ExactReal& other) : ctx_(other.ctx_) {
  ca_init(A::value(*this), A::context(*this));
  ca_set(A::value(*this), A::value(other), A::context(*this));
}

ExactReal::ExactReal(ExactReal&& other) noexcept : ctx_(other.ctx_) {
  ca_init(A::value(*this), A::context(*this));
  ca_swap(A::value(*this), A::value(other), A::context(*this));
}

ExactReal& ExactReal::operator=(const ExactReal& other) {
  if (this == &other) return *this;
  require_same_context(*this, other);
  ca_set(A::value(*this), A::value(other), A::context(*this));
  return *this;
}

ExactReal& ExactReal::operator=(ExactReal&& other) noexcept {
  // One context in every valid use (numbers do not outlive their scope); a swap allocates nothing.
  ca_swap(A::value(*this), A::value(other), A::context(*this));
  return *this;
}

ExactReal::~ExactReal() { ca_clear(A::value(*this), A::context(*this)); }

namespace {

// x = op(x, b) for a Calcium binary operation, charged.
template <class Op>
ExactReal& update(ExactReal& x, const ExactReal& b, Op op) {
  require_same_context(x, b);
  op(A::value(x), A::value(x), A::value(b), A::context(x));
  charge_result(x);
  return x;
}

}  // namespace

ExactReal& ExactReal::operator+=(const ExactReal& b) { return update(*this, b, ca_add); }
ExactReal& ExactReal::operator-=(const ExactReal& b) { return update(*this, b, ca_sub); }
ExactReal& ExactReal::operator*=(const ExactReal& b) { return update(*this, b, ca_mul); }
// x/0 is Calcium's "undefined" (0/0) or unsigned infinity: not a number either way.
ExactReal& ExactReal::operator/=(const ExactReal& b) { return update(*this, b, ca_div); }

ExactReal ExactReal::operator-() const {
  ExactReal r(*this);
  ca_neg(A::value(r), A::value(r), A::context(r));
  return r;
}

bool operator<(const ExactReal& a, const ExactReal& b) {
  require_same_context(a, b);
  charge_comparison(a, b);
  return decided(ca_check_lt(A::value(a), A::value(b), A::context(a)), "a < b");
}

bool operator<=(const ExactReal& a, const ExactReal& b) {
  require_same_context(a, b);
  charge_comparison(a, b);
  return decided(ca_check_le(A::value(a), A::value(b), A::context(a)), "a <= b");
}

bool operator==(const ExactReal& a, const ExactReal& b) {
  require_same_context(a, b);
  charge_comparison(a, b);
  return decided(ca_check_equal(A::value(a), A::value(b), A::context(a)), "a == b");
}

bool ExactReal::is_number() const { return !CA_IS_SPECIAL(A::value(*this)); }

std::string ExactReal::text() const {
  char* s = ca_get_str(A::value(*this), A::context(*this));
  std::string out = s;
  flint_free(s);
  return out;
}

ExactSign sign_of(const ExactReal& x) {
  if (!x.is_number()) return ExactSign::Unknown;
  ExactScope::charge(1 + size_of(x));
  ca_ctx_struct* ctx = A::context(x);
  const truth_t zero = ca_check_is_zero(A::value(x), ctx);
  if (zero == T_TRUE) return ExactSign::Zero;
  if (zero == T_UNKNOWN) return ExactSign::Unknown;
  const ExactReal origin(0);
  if (ca_check_gt(A::value(x), A::value(origin), ctx) == T_TRUE) return ExactSign::Positive;
  if (ca_check_lt(A::value(x), A::value(origin), ctx) == T_TRUE) return ExactSign::Negative;
  return ExactSign::Unknown;  // non-zero but neither positive nor negative: not a real number
}

namespace {

// f(x) for a Calcium function `op`, charged like an arithmetic operation.
template <class Op>
ExactReal apply(const ExactReal& x, Op op) {
  ExactReal r(x);
  op(A::value(r), A::value(x), A::context(r));
  charge_result(r);
  return r;
}

// f(x) for log or sqrt only where Calcium proves x inside the real domain (x > 0, or x >= 0 when
// `zero_allowed`): elsewhere Calcium would compute in the complex numbers (log(-2) = log 2 + i pi,
// sqrt(-2)^2 = -2), which a real formula never means. Outside or undecided gives unknown;
// verify/formula/partial_operation.hpp tells the two apart for formulas.
template <class Op>
ExactReal real_partial(const ExactReal& x, bool zero_allowed, const char* what, Op op) {
  if (!x.is_number()) return x;
  const ExactSign s = sign_of(x);
  if (s == ExactSign::Positive || (zero_allowed && s == ExactSign::Zero)) return apply(x, op);
  return ExactReal::unknown(std::string(what) + " of a number not proven " + (zero_allowed ? ">= 0" : "> 0"));
}

}  // namespace

ExactReal exp(const ExactReal& x) { return apply(x, ca_exp); }
ExactReal log(const ExactReal& x) { return real_partial(x, false, "log", ca_log); }
namespace {

// sqrt(a/b) for a rational a/b > 0 as (s/b) Sqrt(r), r = a b with the squares of small primes
// moved into s (so sqrt(4 q) and 2 sqrt(q) get the same generator, as norms of x and 2x need);
// r = 1 gives the rational s/b. The generator Sqrt(r) is inert (ca_sqrt_inert): Calcium's
// algebraic-number path costs milliseconds per root, which a norm over thousands of rows
// (softmax-weight-bounds) cannot afford, and the relations Sqrt(r)^2 = r still decide
// sqrt(2) sqrt(3) = sqrt(6) and the like.
ExactReal sqrt_of_positive_rational(const fmpq* q) {
  fmpz_t r, s, p2;
  fmpz_init(r);
  fmpz_init(s);
  fmpz_init(p2);
  fmpz_mul(r, fmpq_numref(q), fmpq_denref(q));
  fmpz_one(s);
  for (const unsigned long p : {2ul, 3ul, 5ul, 7ul, 11ul, 13ul, 17ul, 19ul, 23ul, 29ul, 31ul, 37ul, 41ul, 43ul, 47ul}) {
    fmpz_set_ui(p2, p * p);
    while (fmpz_divisible(r, p2)) {
      fmpz_divexact(r, r, p2);
      fmpz_mul_ui(s, s, p);
    }
  }
  if (fmpz_is_square(r)) {
    fmpz_sqrt(r, r);
    fmpz_mul(s, s, r);
    fmpz_one(r);
  }
  fmpq_t factor;
  fmpq_init(factor);
  fmpq_set_fmpz_frac(factor, s, fmpq_denref(q));
  ExactReal result;
  ca_ptr v = A::value(result);
  ca_ctx_struct* ctx = A::context(result);
  if (fmpz_is_one(r)) {
    ca_set_fmpq(v, factor, ctx);
  } else {
    ca_set_fmpz(v, r, ctx);
    ca_sqrt_inert(v, v, ctx);
    ca_mul_fmpq(v, v, factor, ctx);
  }
  fmpq_clear(factor);
  fmpz_clear(p2);
  fmpz_clear(s);
  fmpz_clear(r);
  charge_result(result);
  return result;
}

}  // namespace

// Rationals as above; other arguments go to ca_sqrt, which finds square factors of symbolic
// expressions (sqrt(y^2) = |y|).
ExactReal sqrt(const ExactReal& x) {
  const ca_srcptr v = A::value(x);
  if (!CA_IS_SPECIAL(v) && CA_IS_QQ(v, A::context(x)) && fmpz_sgn(fmpq_numref(CA_FMPQ(v))) > 0)
    return sqrt_of_positive_rational(CA_FMPQ(v));
  return real_partial(x, true, "sqrt", ca_sqrt);
}
// |x| = x or -x when the sign is decided (ca_abs leaves Abs(x) as a new generator for
// symbolic x even when its sign is known numerically), else Calcium's Abs(x).
ExactReal abs(const ExactReal& x) {
  switch (sign_of(x)) {
    case ExactSign::Negative: return -x;
    case ExactSign::Zero:
    case ExactSign::Positive: return x;
    case ExactSign::Unknown: break;
  }
  return apply(x, ca_abs);
}
ExactReal log1p(const ExactReal& x) { return log(ExactReal(1) + x); }
ExactReal cosh(const ExactReal& x) {
  const ExactReal e = exp(x);
  return (e + ExactReal(1) / e) / ExactReal(2);
}
ExactReal pow(const ExactReal& x, long n) {
  return apply(x, [n](ca_ptr r, ca_srcptr a, ca_ctx_struct* ctx) { ca_pow_si(r, a, n, ctx); });
}

namespace {

// The larger (`larger`) or smaller of a and b; unknown when Calcium cannot order them.
ExactReal pick(const ExactReal& a, const ExactReal& b, bool larger) {
  require_same_context(a, b);
  if (!a.is_number()) return a;
  if (!b.is_number()) return b;
  charge_comparison(a, b);
  const truth_t a_below = ca_check_lt(A::value(a), A::value(b), A::context(a));
  if (a_below == T_UNKNOWN) return ExactReal::unknown("max/min of two numbers Calcium could not order");
  return (a_below == T_TRUE) == larger ? b : a;
}

// The largest (`larger`) or smallest of xs, through the numbers no other is proven beyond so far
// (`candidates`): a number proven beyond a candidate removes it, one that a candidate is proven
// beyond or equal to is left out (the candidate stays beyond it, and so does what removes the
// candidate later). A single candidate at the end is the extreme.
ExactReal pick_of(std::span<const ExactReal> xs, bool larger) {
  if (xs.empty()) throw std::logic_error("max_of/min_of of no numbers");
  std::vector<const ExactReal*> candidates;
  for (const ExactReal& x : xs) {
    require_same_context(xs[0], x);
    if (!x.is_number()) return x;
    bool left_out = false;
    std::erase_if(candidates, [&](const ExactReal* c) {
      if (left_out) return false;
      const ca_struct *low = A::value(larger ? *c : x), *high = A::value(larger ? x : *c);
      charge_comparison(*c, x);
      if (ca_check_lt(low, high, A::context(x)) == T_TRUE) return true;  // x beyond c
      charge_comparison(*c, x);
      left_out = ca_check_le(high, low, A::context(x)) == T_TRUE;  // c beyond x or equal
      return false;
    });
    if (!left_out) candidates.push_back(&x);
  }
  if (candidates.size() > 1) return ExactReal::unknown("max/min of numbers Calcium could not order");
  return *candidates[0];
}

}  // namespace

ExactReal max_of(const ExactReal& a, const ExactReal& b) { return pick(a, b, true); }
ExactReal min_of(const ExactReal& a, const ExactReal& b) { return pick(a, b, false); }
ExactReal max_of(std::span<const ExactReal> xs) { return pick_of(xs, true); }
ExactReal min_of(std::span<const ExactReal> xs) { return pick_of(xs, false); }

template <>
ExactReal point_of<ExactReal>(double x) {
  return ExactReal::of_double(x);
}

template <>
ExactReal rational_to<ExactReal>(const Rational& q) {
  fmpq_t f;
  fmpq_init(f);
  fmpq_set_mpq(f, q.backend().data());
  ExactReal r;
  ca_set_fmpq(A::value(r), f, A::context(r));
  fmpq_clear(f);
  return r;
}

template <>
ExactReal integer_to<ExactReal>(const Integer& n) {
  return rational_to<ExactReal>(Rational(n));
}

template <>
ExactReal not_a_number<ExactReal>() {
  ExactReal r;
  ca_unknown(A::value(r), A::context(r));
  return r;
}

void limit_generators_of_exponential_sum(std::span<const ExactReal> terms) {
  std::vector<ca_ext_ptr> exponentials;
  for (const ExactReal& term : terms) {
    const ca_srcptr x = A::value(term);
    ca_ctx_struct* ctx = A::context(term);
    if (CA_IS_SPECIAL(x)) return;
    if (CA_IS_QQ(x, ctx)) continue;
    const ca_ext_ptr generator = ca_is_gen_as_ext(x, ctx);
    if (generator == nullptr || CA_EXT_HEAD(generator) != CA_Exp || !CA_IS_QQ(CA_EXT_FUNC_ARGS(generator), ctx)) return;
    exponentials.push_back(generator);  // Calcium keeps one generator object per value of q
  }
  std::sort(exponentials.begin(), exponentials.end());
  ExactScope::limit_generators(std::unique(exponentials.begin(), exponentials.end()) - exponentials.begin());
}

bool is_finite_value(const ExactReal& x) { return x.is_number(); }

Interval enclosure_of(const ExactReal& x) {
  if (!x.is_number()) return not_a_number<Interval>();
  acb_t z;
  acb_init(z);
  ca_get_acb_accurate_parts(z, A::value(x), static_cast<slong>(working_precision()) + 16, A::context(x));
  Interval r = not_a_number<Interval>();
  if (arb_is_finite(acb_realref(z)) && arb_contains_zero(acb_imagref(z))) {
    Mpfr lo, hi;
    arb_get_interval_mpfr(lo.backend().data(), hi.backend().data(), acb_realref(z));
    mpfr_check_range(lo.backend().data(), 0, MPFR_RNDD);
    mpfr_check_range(hi.backend().data(), 0, MPFR_RNDU);
    r = between(lo, hi);
  }
  acb_clear(z);
  return r;
}

}  // namespace nb
