// Theorem files with expectations over a sphere (verify/formula/vocabulary/sphere_expectation_calls.hpp):
// a definition local to a draw gives the values and verdicts of its formula written inline, the
// expectations that draw alike (a claim's and its quantities') share one draw loop and give the
// statistics each gives alone, and a case may leave sample_seed out (its draws then seeded from
// its inputs, reproducibly).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/theorems/witness_checks.hpp"
#include "theorems/file_theorem.hpp"
#include "verify/engine/engine.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {
namespace sphere_draws_test {

using witness::quantity;

// A file on L tokens uniform on a sphere: the separable fraction N_s / N and spread =
// separation(X) / (2 max_i ||X_i||) (in [0, 1]) as [define]s reading the draw X, or `inline`.
// `claim` and `quantities` are formulas over the names fraction and spread (or their inline text).
std::string sphere_file(const std::string& claim, const std::vector<std::string>& quantities) {
  std::string text = R"toml(id = "sphere-draws"
title = "A separable fraction against a spread"
source = "a test"
fidelity = "extension"
expect = "holds"

[inputs]
logits = { kind = "vector", length = "L", range = [-30, 30] }
radius = { kind = "scalar", range = ["1/4", 8], positive = true }
L = { kind = "length", range = [3, 16] }
N = { kind = "length", range = [2, 15] }
dimension = { kind = "length", range = [1, 64] }
samples = { kind = "length", range = [2, 600] }
sample_seed = { kind = "length", range = [1, 1048576] }

[define]
a = "softmax(logits)"
selected = "top(logits, N)"
M = "max(i, norm(X[i]))"
fraction = "separable_count(a, X, selected) / N"
spread = "separation(X) / (2 * M)"

[[claim]]
value = ")toml" + claim + R"toml("
relation = "<="
bound = "1"
)toml";
  for (std::size_t k = 0; k < quantities.size(); ++k)
    text += "\n[[quantity]]\nname = \"q" + std::to_string(k) + "\"\nvalue = \"" + quantities[k] + "\"\n";
  return text;
}

const std::string kFraction = "separable_count(a, X, selected) / N";
const std::string kSpread = "separation(X) / (2 * max(i, norm(X[i])))";

std::string over_the_sphere(const std::string& body, const std::string& low = "0", const std::string& draws = "samples") {
  return "expectation(X, sphere(L, dimension, radius), " + body + ", " + low + ", 1, " + draws + ")";
}

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "sphere-draws.toml"));
}

Case sphere_case(bool with_seed = true) {
  Case c;
  c.theorem = "sphere-draws";
  c.label = "hand-made";
  c.numbers["logits"] = ExactTensor::vector({0.5, -1, 2, 0, 0.25, 1});
  c.numbers["radius"] = ExactTensor::literal("3/2");
  c.integers = {{"N", 3}, {"dimension", 4}, {"samples", 300}};
  if (with_seed) c.integers["sample_seed"] = 77;
  return c;
}

template <class R>
void expect_same(const R& a, const R& b, const std::string& what) {
  EXPECT_EQ(lower_end_of(a), lower_end_of(b)) << what;
  EXPECT_EQ(upper_end_of(a), upper_end_of(b)) << what;
}

TEST(FileTheoremSphereDraws, ADrawLocalDefinitionGivesTheValuesOfItsFormulaWrittenInline) {
  const std::string named = over_the_sphere("fraction - spread", "-1");
  const std::string written = over_the_sphere(kFraction + " - " + kSpread, "-1");
  const auto by_name = theorem_from(sphere_file(named, {over_the_sphere("fraction"), over_the_sphere("spread")}));
  const auto inline_ = theorem_from(sphere_file(written, {over_the_sphere(kFraction), over_the_sphere(kSpread)}));
  const Case c = sphere_case();
  for (const EvalContext& ctx : {EvalContext{}, EvalContext{.sample_doublings = 1}}) {
    const Sides<DoubleInterval> a = by_name->evaluate_fast(c, ctx), b = inline_->evaluate_fast(c, ctx);
    expect_same(a.claims[0].value, b.claims[0].value, "binary64 claim");
    for (const char* q : {"q0", "q1"}) expect_same(quantity(a, q), quantity(b, q), q);
    set_working_precision(128);
    const Sides<Interval> x = by_name->evaluate_interval(c, ctx), y = inline_->evaluate_interval(c, ctx);
    expect_same(x.claims[0].value, y.claims[0].value, "MPFI claim");
    for (const char* q : {"q0", "q1"}) expect_same(quantity(x, q), quantity(y, q), q);
  }
  CheckSettings settings;
  settings.threads = 1;
  EXPECT_EQ(evaluate_cases(*by_name, {c}, settings)[0].verdict, evaluate_cases(*inline_, {c}, settings)[0].verdict);
}

TEST(FileTheoremSphereDraws, ExpectationsSharingADrawGiveTheStatisticsOfEachAlone) {
  // The claim and both quantities draw alike (one loop); each alone draws for itself.
  const auto shared = theorem_from(
      sphere_file(over_the_sphere("fraction - spread", "-1"), {over_the_sphere("fraction"), over_the_sphere("spread")}));
  const auto claim_alone = theorem_from(sphere_file(over_the_sphere("fraction - spread", "-1"), {}));
  const auto fraction_alone = theorem_from(sphere_file(over_the_sphere("fraction"), {}));
  const auto spread_alone = theorem_from(sphere_file(over_the_sphere("spread"), {}));
  // Another number of draws is another loop, even beside the shared one.
  const auto other_draws = theorem_from(sphere_file(over_the_sphere("fraction - spread", "-1"),
                                                    {over_the_sphere("fraction", "0", "2 * samples")}));
  const auto twice_the_draws = theorem_from(sphere_file(over_the_sphere("fraction", "0", "2 * samples"), {}));
  const Case c = sphere_case();
  const EvalContext ctx;
  const Sides<DoubleInterval> s = shared->evaluate_fast(c, ctx);
  expect_same(s.claims[0].value, claim_alone->evaluate_fast(c, ctx).claims[0].value, "claim");
  expect_same(quantity(s, "q0"), fraction_alone->evaluate_fast(c, ctx).claims[0].value, "fraction");
  expect_same(quantity(s, "q1"), spread_alone->evaluate_fast(c, ctx).claims[0].value, "spread");
  const Sides<DoubleInterval> o = other_draws->evaluate_fast(c, ctx);
  expect_same(o.claims[0].value, s.claims[0].value, "claim beside another loop");
  expect_same(quantity(o, "q0"), twice_the_draws->evaluate_fast(c, ctx).claims[0].value, "twice the draws");
  EXPECT_LT(upper_end_of(quantity(o, "q0")) - lower_end_of(quantity(o, "q0")),
            upper_end_of(quantity(s, "q0")) - lower_end_of(quantity(s, "q0")))
      << "twice the draws, a narrower interval";
}

TEST(FileTheoremSphereDraws, ACaseMayLeaveSampleSeedOutAndDrawsFromItsInputs) {
  const auto t = theorem_from(sphere_file(over_the_sphere("fraction"), {}));
  const Case c = sphere_case(false);
  const DoubleInterval a = t->evaluate_fast(c, EvalContext{}).claims[0].value;
  const DoubleInterval b = t->evaluate_fast(c, EvalContext{.seed = 5}).claims[0].value;
  expect_same(a, b, "the same draws wherever the case runs");
  Case other = c;
  other.numbers["radius"] = ExactTensor::literal("2");  // the radius does not change N_s, the seed does
  const DoubleInterval d = t->evaluate_fast(other, EvalContext{}).claims[0].value;
  EXPECT_FALSE(a.lower() == d.lower() && a.upper() == d.upper()) << "other inputs, another seed";
  CheckSettings settings;
  settings.threads = 1;
  EXPECT_EQ(evaluate_cases(*t, {c}, settings)[0].verdict, Verdict::HoldsStatistical);
}

}  // namespace sphere_draws_test
}  // namespace nb::theorems
