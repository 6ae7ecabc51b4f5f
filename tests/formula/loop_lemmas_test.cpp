// The loop lemmas of the compiled formulas (verify/formula/formula_program.hpp: a factor that
// does not read the loop's index taken out of the reduction, delta(i, j) split off) against the
// direct evaluation of the same formulas: written with `0 * j` in the factor and `0 * i` in the
// rest, each part then reads both indices and no lemma applies, so every term is computed. At a
// random working precision the two enclosures hold one and the same value: each holds the
// midpoint of the direct evaluation at 1024 bits (an interval of width about 2^-1000 around
// the value), and in double the two agree to rounding. Vectors with ties, of lengths 1 to 9, and
// of two different lengths (so that the loop over i runs past the length the loop over j runs over).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <mpfi.h>

#include "verify/formula/formula_evaluation.hpp"

namespace nb::formula {
namespace {

bool encloses_midpoint(const Interval& x, const Mpfr& y) { return mpfi_cmp_fr(x.backend().data(), y.backend().data()) == 0; }

struct LemmaPair {
  std::string lemma, direct;
};

// The formulas over vectors a (length L) and b (length M); each pair means one number.
const std::vector<LemmaPair> kLemmaPairs = {
    {"max(i, max(j, abs(a[i] * (delta(i, j) - a[j]))))",
     "max(i, max(j, abs((a[i] + 0 * j) * (delta(i, j) - a[j] + 0 * i))))"},
    {"min(i, min(j, abs(a[i] * (delta(i, j) - a[j]))))",
     "min(i, min(j, abs((a[i] + 0 * j) * (delta(i, j) - a[j] + 0 * i))))"},
    {"sum(i, sum(j, (a[i] * (delta(i, j) - a[j]))^2))", "sum(i, sum(j, ((a[i] + 0 * j) * (delta(i, j) - a[j] + 0 * i))^2))"},
    {"sum(i, a[i] * sum(j, (1 - delta(i, j)) * a[j]))", "sum(i, a[i] * sum(j, (1 - delta(i, j)) * a[j] + 0 * i))"},
    {"sum(i, sum(j, a[i] * b[j]))", "sum(i, sum(j, (a[i] + 0 * j) * b[j]))"},
    {"sum(i, sum(j, (b[j] * a[i])^3))", "sum(i, sum(j, (b[j] * (a[i] + 0 * j))^3))"},
    {"sum(i, a[i] + max(j, delta(j, i) * b[j] + b[j]))", "sum(i, a[i] + max(j, delta(j, i) * b[j] + b[j] + 0 * i))"},
    {"sum(i, a[i] * min(j, 2 * delta(i, j) + b[j]))", "sum(i, a[i] * min(j, 2 * delta(i, j) + b[j] + 0 * i))"},
    {"sum(i, a[i] * sum(j, delta(i, j) * b[j]))", "sum(i, a[i] * sum(j, delta(i, j) * b[j] + 0 * i))"},
};

template <class R>
R lemma_value(const std::string& f, const std::vector<std::string>& a, const std::vector<std::string>& b) {
  Bindings<R> names;
  ExactInputs exact;
  for (const auto& [name, entries] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
    std::vector<double> values;
    for (const std::string& x : *entries) values.push_back(std::stod(x));
    exact[name] = ExactTensor::vector(values);
    names[name] = exact[name].template to_vector<R>();
  }
  return evaluate_scalar(parse_formula(f), names, &exact);
}

TEST(LoopLemmas, EncloseWhatTheDirectEvaluationEncloses) {
  std::mt19937_64 rng(2508178);
  const std::vector<std::string> pool = {"0.125", "0.5", "-0.75", "1.5", "0.3", "-2", "0.0625"};
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t L = 1 + rng() % 9, M = trial % 3 == 0 ? 1 + rng() % 9 : L;
    std::vector<std::string> a(L), b(M);
    for (std::string& x : a) x = pool[rng() % (trial % 2 ? 3 : pool.size())];  // odd trials: many ties
    for (std::string& x : b) x = pool[rng() % pool.size()];
    for (const LemmaPair& p : kLemmaPairs) {
      set_working_precision(1024);
      const Interval reference = lemma_value<Interval>(p.direct, a, b);
      const Mpfr middle = midpoint_of(reference);
      const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
      set_working_precision(bits);
      const Interval lemma = lemma_value<Interval>(p.lemma, a, b), direct = lemma_value<Interval>(p.direct, a, b);
      set_working_precision(1024);
      EXPECT_TRUE(encloses_midpoint(lemma, middle)) << p.lemma << " at " << bits << " bits, trial " << trial << ": " << lemma;
      EXPECT_TRUE(encloses_midpoint(direct, middle)) << p.direct << " at " << bits << " bits, trial " << trial;
      const double x = lemma_value<double>(p.lemma, a, b), y = lemma_value<double>(p.direct, a, b);
      EXPECT_NEAR(x, y, 1e-12 * (1 + std::abs(y))) << p.lemma << ", trial " << trial;
      const DoubleInterval fast = lemma_value<DoubleInterval>(p.lemma, a, b);
      EXPECT_TRUE(Mpfr(lower_end_of(fast)) <= middle && middle <= Mpfr(upper_end_of(fast)))
          << p.lemma << " in binary64 intervals, trial " << trial;
    }
  }
  set_working_precision(128);
}

}  // namespace
}  // namespace nb::formula
