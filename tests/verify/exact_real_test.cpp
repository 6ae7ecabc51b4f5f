// ExactReal (verify/numbers/exact_real.hpp): its operations agree with MPFI enclosures at 1000 bits on
// random rational inputs (the exact value, enclosed at 3000 bits, lies inside the 1000-bit
// interval), comparisons agree with integer cross-multiplication, Calcium decides the
// identities the theorems need, and undecidable or unbudgeted work never becomes a decision.
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb {
namespace {

// A random rational n/d with |n| <= max_numerator and 1 <= d <= max_denominator.
struct Rational {
  long n, d;
  ExactReal exact() const { return ExactReal(n) / ExactReal(d); }
  Interval interval() const { return Interval(n) / Interval(d); }
};

Rational random_rational(random::Rng& rng, long max_numerator, long max_denominator) {
  const long n = static_cast<long>(random::uniform_index(rng, 0, static_cast<std::size_t>(2 * max_numerator))) - max_numerator;
  const long d = static_cast<long>(random::uniform_index(rng, 1, static_cast<std::size_t>(max_denominator)));
  return {n, d};
}

// Whether the exact value of `x` (enclosed at 3000 bits) lies in `reference`.
bool inside(const ExactReal& x, const Interval& reference) {
  const unsigned before = working_precision();
  set_working_precision(3000);
  const Interval e = enclosure_of(x);
  set_working_precision(before);
  return is_finite_value(e) && mpfi_is_inside(e.backend().data(), reference.backend().data()) > 0;
}

struct Operation {
  const char* name;
  std::function<ExactReal(const ExactReal&, const ExactReal&)> exact;
  std::function<Interval(const Interval&, const Interval&)> interval;
  std::function<bool(const Rational&, const Rational&)> defined;
};

TEST(ExactReal, OperationsLieInThousandBitIntervals) {
  const std::uint64_t seed = 20251201;
  std::cout << "seed " << seed << "\n";
  random::Rng rng(seed);
  const auto always = [](const Rational&, const Rational&) { return true; };
  const auto positive_a = [](const Rational& a, const Rational&) { return a.n > 0; };
  const std::vector<Operation> operations = {
      {"a + b", [](const ExactReal& a, const ExactReal& b) { return a + b; },
       [](const Interval& a, const Interval& b) { return Interval(a + b); }, always},
      {"a - b", [](const ExactReal& a, const ExactReal& b) { return a - b; },
       [](const Interval& a, const Interval& b) { return Interval(a - b); }, always},
      {"a * b", [](const ExactReal& a, const ExactReal& b) { return a * b; },
       [](const Interval& a, const Interval& b) { return Interval(a * b); }, always},
      {"a / b", [](const ExactReal& a, const ExactReal& b) { return a / b; },
       [](const Interval& a, const Interval& b) { return Interval(a / b); },
       [](const Rational&, const Rational& b) { return b.n != 0; }},
      {"-a", [](const ExactReal& a, const ExactReal&) { return -a; },
       [](const Interval& a, const Interval&) { return Interval(-a); }, always},
      {"|a|", [](const ExactReal& a, const ExactReal&) { return abs(a); },
       [](const Interval& a, const Interval&) { return Interval(abs(a)); }, always},
      {"exp(a)", [](const ExactReal& a, const ExactReal&) { return exp(a); },
       [](const Interval& a, const Interval&) { return Interval(exp(a)); }, always},
      {"exp(a) * exp(b)", [](const ExactReal& a, const ExactReal& b) { return exp(a) * exp(b); },
       [](const Interval& a, const Interval& b) { return Interval(exp(a) * exp(b)); }, always},
      {"log(a)", [](const ExactReal& a, const ExactReal&) { return log(a); },
       [](const Interval& a, const Interval&) { return Interval(log(a)); }, positive_a},
      {"log1p(a)", [](const ExactReal& a, const ExactReal&) { return log1p(a); },
       [](const Interval& a, const Interval&) { return Interval(log1p(a)); }, positive_a},
      {"sqrt(a)", [](const ExactReal& a, const ExactReal&) { return sqrt(a); },
       [](const Interval& a, const Interval&) { return Interval(sqrt(a)); }, positive_a},
      {"sqrt(a) * sqrt(b)", [](const ExactReal& a, const ExactReal& b) { return sqrt(a) * sqrt(abs(b)); },
       [](const Interval& a, const Interval& b) { return Interval(sqrt(a) * sqrt(abs(b))); }, positive_a},
      {"cosh(a)", [](const ExactReal& a, const ExactReal&) { return cosh(a); },
       [](const Interval& a, const Interval&) { return Interval(cosh(a)); }, always},
      {"a^5", [](const ExactReal& a, const ExactReal&) { return pow(a, 5); },
       [](const Interval& a, const Interval&) { return Interval(pow(a, 5)); }, always},
      {"max(a, b)", [](const ExactReal& a, const ExactReal& b) { return max_of(a, b); },
       [](const Interval& a, const Interval& b) { return max_of(a, b); }, always},
      {"min(a, b)", [](const ExactReal& a, const ExactReal& b) { return min_of(a, b); },
       [](const Interval& a, const Interval& b) { return min_of(a, b); }, always},
  };
  set_working_precision(1000);
  ExactScope scope;
  for (const Operation& op : operations) {
    for (int k = 0; k < 40; ++k) {
      // Small rationals keep exp within range; k < 5 gives large numerators and denominators.
      const long scale = k < 5 ? 1000000000L : 1000L;
      const Rational a = random_rational(rng, 40 * scale, scale), b = random_rational(rng, 40 * scale, scale);
      if (!op.defined(a, b)) continue;
      const ExactReal x = op.exact(a.exact(), b.exact());
      const Interval reference = op.interval(a.interval(), b.interval());
      ASSERT_TRUE(inside(x, reference)) << op.name << " at a = " << a.n << "/" << a.d << ", b = " << b.n << "/" << b.d
                                        << ": " << x.text() << " outside " << reference;
    }
  }
}

TEST(ExactReal, ComparisonsAgreeWithIntegerArithmetic) {
  random::Rng rng(20251202);
  ExactScope scope;
  for (int k = 0; k < 200; ++k) {
    const Rational a = random_rational(rng, 50, 20), b = random_rational(rng, 50, 20);
    const long left = a.n * b.d, right = b.n * a.d;  // a < b iff left < right (d > 0)
    EXPECT_EQ(a.exact() < b.exact(), left < right);
    EXPECT_EQ(a.exact() <= b.exact(), left <= right);
    EXPECT_EQ(a.exact() == b.exact(), left == right);
    EXPECT_EQ(sign_of(a.exact() - b.exact()),
              left < right ? ExactSign::Negative : left == right ? ExactSign::Zero : ExactSign::Positive);
  }
}

ExactSign sign_of_difference(const ExactReal& a, const ExactReal& b) { return sign_of(a - b); }

TEST(ExactReal, CalciumDecidesTheIdentitiesTheoremsNeed) {
  ExactScope scope;
  const ExactReal zero(0), one(1), two(2);
  EXPECT_EQ(sign_of_difference(exp(zero), one), ExactSign::Zero);
  // exp(a) exp(b) = exp(a + b) when the relation between the exponentials is one binomial
  // (exp(a)^2 = exp(2a)) or trivial (exp(0) = 1).
  for (const auto& [a, b] : {std::pair<long, long>{1, 1}, {7, 0}, {-3, -3}}) {
    const ExactReal x(a), y(b);
    EXPECT_EQ(sign_of_difference(exp(x) * exp(y), exp(x + y)), ExactSign::Zero) << a << ", " << b;
  }
  const ExactReal third = one / ExactReal(3);
  EXPECT_EQ(sign_of_difference(exp(third) * exp(third), exp(third + third)), ExactSign::Zero);
  // sqrt(x^2) = |x| for rational x, and the square roots of norms.
  random::Rng rng(20251203);
  for (int k = 0; k < 50; ++k) {
    const ExactReal x = random_rational(rng, 1000000, 1000).exact();
    EXPECT_EQ(sign_of_difference(sqrt(x * x), abs(x)), ExactSign::Zero) << x.text();
    const ExactReal q = abs(x) + one;
    EXPECT_EQ(sign_of_difference(sqrt(ExactReal(4) * q), two * sqrt(q)), ExactSign::Zero) << q.text();
  }
  EXPECT_EQ(sign_of_difference(sqrt(two) * sqrt(ExactReal(3)), sqrt(ExactReal(6))), ExactSign::Zero);
  EXPECT_EQ(sign_of_difference(sqrt(two) * sqrt(two), two), ExactSign::Zero);
  // 1/L summed L times, and softmax weights of equal logits: exp(0) / (L exp(0)) = 1/L.
  for (long L : {1L, 3L, 7L, 4096L}) {
    ExactReal sum(0);
    for (long i = 0; i < L; ++i) sum += one / ExactReal(L);
    EXPECT_EQ(sign_of_difference(sum, one), ExactSign::Zero) << L;
    const ExactReal e = exp((third - third) / ExactReal(8));
    EXPECT_EQ(sign_of_difference(e / (ExactReal(L) * e), one / ExactReal(L)), ExactSign::Zero) << L;
  }
  // log(4) / log(2) = 2 (multihead-coverage's minimal H at p = 1/2, q = 3/4).
  EXPECT_EQ(sign_of_difference(log(ExactReal(4)) / log(two), two), ExactSign::Zero);
  // The sign of a tiny non-zero difference: e^{-100} > 0, 1/3 != 0x1.5555555555555p-2.
  EXPECT_EQ(sign_of(exp(ExactReal(-100))), ExactSign::Positive);
  EXPECT_EQ(sign_of(third - point_of<ExactReal>(1.0 / 3)), ExactSign::Positive);
}

TEST(ExactReal, WhatCalciumCannotDecideStaysUnknown) {
  ExactScope scope;
  // exp(1/2) exp(1/3) = exp(5/6) and exp(2) exp(3) = exp(5), but Calcium 0.4.1 does not saturate
  // the ideal of the relations it finds between three exponentials (exp(5) exp(3) = exp(2)^4 and
  // exp(3)^2 = exp(2)^3 do not give exp(5) = exp(2) exp(3) without dividing by exp(2)): it must
  // answer "unknown", never "no".
  const ExactReal half = ExactReal(1) / ExactReal(2), third = ExactReal(1) / ExactReal(3);
  for (const auto& [a, b] : {std::pair{half, third}, {ExactReal(2), ExactReal(3)}, {ExactReal(3), ExactReal(-5)}}) {
    const ExactSign s = sign_of_difference(exp(a) * exp(b), exp(a + b));
    EXPECT_NE(s, ExactSign::Negative) << a.text() << ", " << b.text();
    EXPECT_NE(s, ExactSign::Positive) << a.text() << ", " << b.text();
  }
  EXPECT_THROW((void)(exp(half) * exp(third) < exp(half + third)), NoExactForm);
}

TEST(ExactReal, UnknownValuesPropagateAndRecordWhy) {
  ExactScope scope;
  const ExactReal u = ExactReal::unknown("general spectral norm");
  EXPECT_FALSE(u.is_number());
  EXPECT_FALSE(is_finite_value(u + ExactReal(1)));
  EXPECT_FALSE(max_of(u, ExactReal(1)).is_number());
  EXPECT_FALSE(min_of(ExactReal(1), u).is_number());
  EXPECT_EQ(sign_of(u * ExactReal(0)), ExactSign::Unknown);
  EXPECT_THROW((void)(u < ExactReal(1)), NoExactForm);
  EXPECT_FALSE((ExactReal(1) / ExactReal(0)).is_number());
  ASSERT_EQ(scope.unknown_reasons().size(), 1u);
  EXPECT_EQ(scope.unknown_reasons()[0], "general spectral norm");
}

TEST(ExactReal, ExtremeOfManyIsFoundPastPairsItCannotOrder) {
  ExactScope scope;
  // 1 - a_i for the softmax weights of saturated logits at T = 1/100 (a case of
  // softmax-jacobian-saturation's suite): those below the top are within e^-25000 of 1 and of each
  // other, closer than Calcium's numerical enclosures separate.
  const double values[] = {-0x1.120cdcf1943fdp-6, 0x1.0aa4cc0a419edp-1, 0x1p+8, -0x1.43aed97ab35cdp-1};
  Vector<ExactReal> logits(4);
  for (Eigen::Index i = 0; i < logits.size(); ++i) logits[i] = ExactReal::of_double(values[i]);
  const Vector<ExactReal> others = weights_of_the_others(softmax(logits, ExactReal(1) / ExactReal(100)));
  const ExactReal &a = others[0], &b = others[1], &top = others[2];
  ASSERT_FALSE(min_of(a, b).is_number());  // what a fold of pairs gives up on
  const std::vector<ExactReal> all = {a, b, top, others[3]}, top_first = {top, b, a};
  EXPECT_EQ(sign_of(min_of(all) - top), ExactSign::Zero);
  EXPECT_EQ(sign_of(min_of(top_first) - top), ExactSign::Zero);
  EXPECT_FALSE(max_of(all).is_number());  // the extreme itself unordered: unknown
  const std::vector<ExactReal> tied = {top, top, ExactReal(2)};
  EXPECT_EQ(sign_of(min_of(tied) - top), ExactSign::Zero);  // equal numbers are no obstacle
}

TEST(ExactReal, BudgetsStopTheWork) {
  {
    ExactScope scope(ExactBudget{100, 64});
    ExactReal x(1);
    EXPECT_THROW(
        {
          for (int k = 0; k < 1000; ++k) x += ExactReal(k);
        },
        NoExactForm);
    EXPECT_GT(scope.units_used(), 100u);
  }
  {
    ExactScope scope(ExactBudget{1000000, 4});
    ExactReal sum(0);
    try {
      for (long k = 1; k <= 10; ++k) sum += exp(ExactReal(1) / ExactReal(2 * k + 1));  // a generator each
      FAIL() << "a sum of 10 exponentials needs more than 4 generators";
    } catch (const NoExactForm& e) {
      EXPECT_NE(std::string(e.what()).find("generators"), std::string::npos) << e.what();
    }
  }
}

// softmax's sums of exponentials give up before they are formed when their fields would exceed
// the generator budget (one generator per distinct exponent), and only then.
TEST(ExactReal, ExponentialSumsOverTheGeneratorBudgetGiveUpBeforeSumming) {
  const auto logits = [](long distinct, long copies) {
    Vector<ExactReal> l(distinct * copies);
    for (long k = 0; k < l.size(); ++k) l[k] = ExactReal(-(k % distinct));
    return l;
  };
  {
    // 70 distinct exponents under a budget of 64: summing would charge thousands of units on its
    // way to a field of 65 generators; the check charges the 70 exponentials and stops.
    ExactScope scope(ExactBudget{100'000'000, 64});
    try {
      (void)softmax(logits(70, 1), ExactReal(1));
      FAIL() << "a softmax of 70 distinct logits needs 69 generators";
    } catch (const NoExactForm& e) {
      EXPECT_EQ(std::string(e.what()), "budget: a field of more than 64 generators");
    }
    EXPECT_LT(scope.units_used(), 1000u) << "the sum was formed before giving up";
  }
  {
    // 8 distinct exponents (one of them 0, which is no generator), each 3 times: 7 generators.
    ExactScope scope(ExactBudget{100'000'000, 7});
    const Vector<ExactReal> alpha = softmax(logits(8, 3), ExactReal(2));
    EXPECT_EQ(sign_of_difference(alpha.sum(), ExactReal(1)), ExactSign::Zero);
    EXPECT_THROW((void)softmax(logits(9, 1), ExactReal(2)), NoExactForm);
  }
  {
    // Terms other than rationals and e^q say nothing in advance: summing decides.
    ExactScope scope(ExactBudget{100'000'000, 2});
    std::vector<ExactReal> roots;
    for (long k = 2; k < 12; ++k) roots.push_back(sqrt(ExactReal(k)));
    EXPECT_NO_THROW(limit_generators_of_exponential_sum(roots));
  }
}

TEST(ExactReal, ExactInputsConvertExactly) {
  ExactScope scope;
  const ExactTensor t = ExactTensor::literal("0.1"), f = ExactTensor::literal("-7/3"), d = ExactTensor::scalar(0.1);
  EXPECT_EQ(sign_of_difference(ExactReal(10) * t.entry<ExactReal>(0), ExactReal(1)), ExactSign::Zero);
  EXPECT_EQ(sign_of_difference(ExactReal(3) * f.entry<ExactReal>(0), ExactReal(-7)), ExactSign::Zero);
  // The binary64 value 0.1 is 3602879701896397 / 2^55, slightly above 1/10.
  EXPECT_EQ(sign_of(d.entry<ExactReal>(0) - t.entry<ExactReal>(0)), ExactSign::Positive);
  const auto [n, q] = d.fraction<ExactReal>(0);
  EXPECT_EQ(sign_of_difference(n, ExactReal(3602879701896397L)), ExactSign::Zero);
  EXPECT_EQ(sign_of_difference(q, ExactReal(1L << 55)), ExactSign::Zero);
}

}  // namespace
}  // namespace nb
