// Theorem files with expectations over a random subset (verify/formula/vocabulary/expectations.hpp):
// a claim reading a sampled expectation is statistical and one reading an enumerated one
// certified, the draws depend on the case alone (a replay draws the same subsets), and a
// definition first read inside a loop keeps that loop's counter (its own loops count apart).
#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/engine/engine.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {
namespace {

// The mean of the selected entries' sum over a random N-subset is (N / L) sum_j v_j; the file
// states it with the range [L min(v, 0), L max(v, 0)]... as [-L * 8, L * 8] for entries in [-8, 8].
std::string mean_of_subset_sums(const std::string& N) {
  return R"toml(id = "subset-sum-mean"
title = "The mean of a random subset's sum"
source = "linearity of expectation"
fidelity = "extension"
expect = "holds"

[inputs]
v = { kind = "vector", length = "L", range = [-8, 8] }
L = { kind = "length", range = [30, 30] }

[define]
expected = "expectation(S, subset(L, )toml" + N + R"toml(), sum(j, S, v[j]), -8 * L, 8 * L)"

[[claim]]
value = "expected"
relation = "=="
bound = ")toml" + N + R"toml( / L * sum(j, v[j])"
)toml";
}

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "subset-sum-mean.toml"));
}

Case case_of(const Theorem& t) {
  Case c;
  c.theorem = t.info().id;
  std::vector<double> v(30);
  for (std::size_t j = 0; j < v.size(); ++j) v[j] = static_cast<double>(j % 5) - 2;
  c.numbers["v"] = ExactTensor::vector(v);
  return c;
}

TEST(FileTheoremExpectations, ASampledExpectationMakesItsClaimStatisticalAndAnEnumeratedOneCertified) {
  // C(30, 10) subsets are sampled: the equality is a statistical claim whose interval holds the mean.
  const auto sampled = theorem_from(mean_of_subset_sums("10"));
  const Case c = case_of(*sampled);
  const Sides<DoubleInterval> s = sampled->evaluate_fast(c, EvalContext{});
  ASSERT_EQ(s.claims.size(), 1u);
  EXPECT_EQ(s.claims[0].evidence, Evidence::Statistical);
  EXPECT_LE(s.claims[0].value.lower(), 0);  // the entries sum to 0: the mean is 0
  EXPECT_GE(s.claims[0].value.upper(), 0);
  // The same case draws the same subsets wherever it runs.
  const Sides<DoubleInterval> again = sampled->evaluate_fast(c, EvalContext{.seed = 99});
  EXPECT_EQ(again.claims[0].value.lower(), s.claims[0].value.lower());
  EXPECT_EQ(again.claims[0].value.upper(), s.claims[0].value.upper());
  // C(30, 2) = 435 subsets are enumerated: certified (every sum an integer: the mean 0 exactly).
  const auto enumerated = theorem_from(mean_of_subset_sums("2"));
  EXPECT_EQ(enumerated->evaluate_fast(case_of(*enumerated), EvalContext{}).claims[0].evidence, Evidence::Certified);
  CheckSettings settings;
  settings.threads = 1;
  EXPECT_EQ(evaluate_cases(*enumerated, {case_of(*enumerated)}, settings)[0].verdict, Verdict::Proven);
}

TEST(FileTheoremExpectations, ADefinitionFirstReadInsideALoopLeavesTheLoopsCounter) {
  // `total` (a loop over k) is first computed inside the loop over i, after a[i] is read and
  // before it is read again: i must still be i there.
  const auto t = make_file_theorem(formula::read_theorem_spec(R"toml(id = "loop-inside-a-definition"
title = "A definition computed inside a loop"
source = "a test"
fidelity = "extension"
expect = "holds"

[inputs]
a = { kind = "vector", length = "L", range = [1, 2] }
m = { kind = "matrix", rows = "L", cols = "d", range = [1, 2] }
L = { kind = "length", range = [2, 2] }
d = { kind = "length", range = [5, 5] }

[define]
total = "vec(k, sum(j, m[j][k]))"

[[claim]]
value = "sum(i, a[i] * total[0] - a[i] * total[0])"
relation = "=="
bound = "0"
)toml", "loop.toml"));
  Case c;
  c.theorem = t->info().id;
  c.numbers["a"] = ExactTensor::vector({1, 2});
  c.numbers["m"] = ExactTensor(2, 5, std::vector<double>(10, 1.0));
  CheckSettings settings;
  settings.threads = 1;
  EXPECT_EQ(evaluate_cases(*t, {c}, settings)[0].verdict, Verdict::Proven);
}

}  // namespace
}  // namespace nb::theorems
