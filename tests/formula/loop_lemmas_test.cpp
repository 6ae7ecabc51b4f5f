// The loop lemmas of the compiled formulas (verify/formula/formula_program.hpp: a factor that
// does not read the loop's index taken out of the reduction, delta(i, j) split off) against the
// direct evaluation of the same formulas: written with `0 * j` in the factor and `0 * i` in the
// rest, each part then reads both indices and no lemma applies, so every term is computed. At a
// random working precision the two enclosures hold one and the same value: each meets the
// direct evaluation at 1024 bits (an interval of width about 2^-1000 around the value), and in
// double the two agree to rounding. Vectors with ties, of lengths 1 to 9, and of two different
// lengths (so that the loop over i runs past the length the loop over j runs over).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_program.hpp"

namespace nb::formula {
namespace {

// Whether x and the reference y (the direct evaluation at 1024 bits, about 2^-1000 wide) share a
// point: both hold the value, so an enclosure that misses the reference is wrong. (Not y's
// midpoint: where the value is exactly representable, an enclosure may be that point alone.)
bool meets(const Interval& x, const Interval& y) { return !(upper_end_of(x) < lower_end_of(y) || upper_end_of(y) < lower_end_of(x)); }

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

// Each pair's two forms, on vectors a of lengths `shortest` to 9 and b, enclose one value (above).
void expect_each_pair_encloses_one_value(const std::vector<LemmaPair>& pairs, std::size_t shortest) {
  std::mt19937_64 rng(2508178);
  const std::vector<std::string> pool = {"0.125", "0.5", "-0.75", "1.5", "0.3", "-2", "0.0625"};
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t L = shortest + rng() % (10 - shortest), M = trial % 3 == 0 ? 1 + rng() % 9 : L;
    std::vector<std::string> a(L), b(M);
    for (std::string& x : a) x = pool[rng() % (trial % 2 ? 3 : pool.size())];  // odd trials: many ties
    for (std::string& x : b) x = pool[rng() % pool.size()];
    for (const LemmaPair& p : pairs) {
      set_working_precision(1024);
      const Interval reference = lemma_value<Interval>(p.direct, a, b);
      const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
      set_working_precision(bits);
      const Interval lemma = lemma_value<Interval>(p.lemma, a, b), direct = lemma_value<Interval>(p.direct, a, b);
      set_working_precision(1024);
      EXPECT_TRUE(meets(lemma, reference)) << p.lemma << " at " << bits << " bits, trial " << trial << ": " << lemma;
      EXPECT_TRUE(meets(direct, reference)) << p.direct << " at " << bits << " bits, trial " << trial;
      const double x = lemma_value<double>(p.lemma, a, b), y = lemma_value<double>(p.direct, a, b);
      EXPECT_NEAR(x, y, 1e-12 * (1 + std::abs(y))) << p.lemma << ", trial " << trial;
      const DoubleInterval fast = lemma_value<DoubleInterval>(p.lemma, a, b);
      EXPECT_TRUE(Mpfr(lower_end_of(fast)) <= upper_end_of(reference) && lower_end_of(reference) <= Mpfr(upper_end_of(fast)))
          << p.lemma << " in binary64 intervals, trial " << trial;
    }
  }
  set_working_precision(128);
}

TEST(LoopLemmas, EncloseWhatTheDirectEvaluationEncloses) { expect_each_pair_encloses_one_value(kLemmaPairs, 1); }

// What the compiled formulas share and rewrite besides loops: s (v / t) computed as v (s / t), one
// division, against the product written entry by entry; softmax weights and the norm of their
// Jacobian kept per run (softmax_jacobian(v / s, t) has the weights softmax(v, s t), and ||J||_2 is
// the norm at temperature 1 over t), against the same norms by the general spectral norm kernel, on
// logits that carry no exact value (a + 0 b[0]). b's entries are never 0, so norm(b) > 0; a has at
// least 2 entries (at L = 1 the general kernel's enclosure of 0 is not tight).
const std::vector<LemmaPair> kSharedPairs = {
    {"sum(i, (max(j, b[j]) * (a / norm(b)))[i]^2)", "sum(i, (max(j, b[j]) * (a[i] / norm(b)))^2)"},
    {"sum(i, ((a / norm(b)) * min(j, b[j]))[i])", "sum(i, (a[i] / norm(b)) * min(j, b[j]))"},
    {"norm(3 * (a / 7))", "sqrt(sum(i, (3 * (a[i] / 7))^2))"},
    {"spectral_norm(softmax_jacobian(a, 3)) + spectral_norm(softmax_jacobian(a / 3, 1))",
     "spectral_norm(softmax_jacobian(a + 0 * b[0], 3)) + spectral_norm(softmax_jacobian((a + 0 * b[0]) / 3, 1))"},
    {"spectral_norm(softmax_jacobian(a / 2, 1)) - 2 * spectral_norm(softmax_jacobian(a, 2)) + spectral_norm(softmax_jacobian(a, 5))",
     "spectral_norm(softmax_jacobian((a + 0 * b[0]) / 2, 1)) - 2 * spectral_norm(softmax_jacobian(a + 0 * b[0], 2)) + "
     "spectral_norm(softmax_jacobian(a + 0 * b[0], 5))"},
    {"max(i, softmax(a / 3)[i]) + spectral_norm(softmax_jacobian(a, 3))",
     "max(i, softmax((a + 0 * b[0]) / 3)[i]) + spectral_norm(softmax_jacobian(a + 0 * b[0], 3))"},
};

TEST(SharedKernels, EncloseWhatTheDirectEvaluationEncloses) { expect_each_pair_encloses_one_value(kSharedPairs, 2); }

// Softmax weights of an input with an exact value, kept per class of equal logits (Frame::Weights):
// the largest and smallest weight read one class's weight, the whole vector and the Jacobian read
// them spread over the L entries, against the same formulas on logits that carry no exact value
// (l + 0 z[0]: no classes, every weight computed and compared). a = softmax(l / T) (shifted and
// divided: softmax(l, T)), c = softmax(s l) (the logits times a scalar).
const std::vector<LemmaPair> kClassWeightPairs = {
    {"max(i, a[i])", "max(i, w[i])"},
    {"min(i, a[i])", "min(i, w[i])"},
    {"max(i, c[i]) - 3 * min(i, c[i])", "max(i, x[i]) - 3 * min(i, x[i])"},
    {"max(i, a[i]) + sum(i, a[i]^2) - min(i, a[i])", "max(i, w[i]) + sum(i, w[i]^2) - min(i, w[i])"},
    {"min(i, a[i]) + spectral_norm(softmax_jacobian(l / T, 1)) + max(i, a[i])",
     "min(i, w[i]) + spectral_norm(softmax_jacobian((l + 0 * z[0]) / T, 1)) + max(i, w[i])"},
    {"frobenius_norm(softmax_jacobian(l, T)) * max(i, a[i])", "frobenius_norm(softmax_jacobian(l + 0 * z[0], T)) * max(i, w[i])"},
};

template <class R>
R class_weight_value(const std::string& formula, const std::vector<double>& l, const std::string& T, const std::string& s) {
  const Formula f = parse_formula(formula);
  const std::vector<std::pair<std::string, Formula>> definitions = {
      {"a", parse_formula("softmax(l / T)")}, {"w", parse_formula("softmax((l + 0 * z[0]) / T)")},
      {"c", parse_formula("softmax(s * l)")}, {"x", parse_formula("softmax(s * (l + 0 * z[0]))")}};
  const std::string L = std::to_string(l.size());
  const std::vector<ProgramInput> inputs = {
      {"l", Shape::Vector, L, "1"}, {"z", Shape::Vector, "1", "1"}, {"T", Shape::Scalar}, {"s", Shape::Scalar}};
  const Program<R> program(inputs, definitions, {&f}, true);
  const ExactTensor logits = ExactTensor::vector(l), z = ExactTensor::vector({0.5}), t = ExactTensor::literal(T),
                    scale = ExactTensor::literal(s);
  std::vector<Value<R>> values = {logits.to_vector<R>(), z.to_vector<R>(), t.entry<R>(0), scale.entry<R>(0)};
  Run<R> run(program, std::move(values), {&logits, &z, &t, &scale});
  return run.scalar(0);
}

TEST(SharedKernels, ClassWeightsEncloseWhatEveryWeightEncloses) {
  std::mt19937_64 rng(2508178);
  const std::vector<double> pool = {0.125, -3.5, 2, 0.3, -0.7, 7.25, 0};
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t L = 2 + rng() % 12;
    std::vector<double> l(L);
    for (double& x : l) x = pool[rng() % (trial % 2 ? 2 : trial % 3 == 0 ? 1 : pool.size())];  // many ties, all tied
    const std::string T = trial % 3 == 0 ? "1/3" : trial % 3 == 1 ? "1" : "7", s = trial % 2 ? "0.5" : "3/2";
    for (const LemmaPair& p : kClassWeightPairs) {
      set_working_precision(1024);
      const Interval reference = class_weight_value<Interval>(p.direct, l, T, s);
      const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
      set_working_precision(bits);
      const Interval kept = class_weight_value<Interval>(p.lemma, l, T, s);
      set_working_precision(1024);
      EXPECT_TRUE(meets(kept, reference)) << p.lemma << " at " << bits << " bits, trial " << trial << ": " << kept;
      const DoubleInterval fast = class_weight_value<DoubleInterval>(p.lemma, l, T, s);
      EXPECT_TRUE(Mpfr(lower_end_of(fast)) <= upper_end_of(reference) && lower_end_of(reference) <= Mpfr(upper_end_of(fast)))
          << p.lemma << " in binary64 intervals, trial " << trial;
      const double x = class_weight_value<double>(p.lemma, l, T, s), y = class_weight_value<double>(p.direct, l, T, s);
      EXPECT_NEAR(x, y, 1e-12 * (1 + std::abs(y))) << p.lemma << ", trial " << trial;
    }
  }
  set_working_precision(128);
}

}  // namespace
}  // namespace nb::formula
