// Naming a subexpression in [define] never changes a verdict: for each claim, the file that writes
// it inline and the file that names its parts give the same verdict on every case of one suite
// (ties, near-ties and the range ends among them), kernels that need structure included: the
// softmax Jacobian's spectral norm (its own kernel, exact at ties), largest on an input (decided
// on its exact value), softmax with one exponential per distinct logit, and the loop lemmas (a
// factor that does not read the loop's index taken out, delta(i, j) split off).
#include <gtest/gtest.h>

#include <string>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {
namespace {

// A theorem file with inputs logits (length L in [2, 6]) and T, the definitions `define` (TOML
// lines) and one claim.
std::string file_text(const std::string& define, const std::string& value, const std::string& relation,
                      const std::string& bound) {
  return R"toml(id = "naming"
title = "Naming a subexpression"
source = "a test"
fidelity = "extension"
expect = "holds"

[inputs]
logits = { kind = "vector", length = "L", range = [-4, 4] }
T = { kind = "scalar", range = ["1/4", 4], positive = true }
L = { kind = "length", range = [2, 6] }

[define]
)toml" + define + "\n[[claim]]\nvalue = \"" +
         value + "\"\nrelation = \"" + relation + "\"\nbound = \"" + bound + "\"\n";
}

struct Written {
  std::string name;
  std::string inline_define, inline_value, bound_inline;
  std::string named_define, named_value, bound_named;
  std::string relation;
};

// The verdicts of both files on 40 cases of one suite, case by case; returns how many are EQUAL
// (exact) in the inline file.
std::size_t expect_same_verdicts(const Written& w) {
  const auto inline_file = make_file_theorem(formula::read_theorem_spec(
      file_text(w.inline_define, w.inline_value, w.relation, w.bound_inline), "inline.toml"));
  const auto named_file = make_file_theorem(formula::read_theorem_spec(
      file_text(w.named_define, w.named_value, w.relation, w.bound_named), "named.toml"));
  const std::vector<Case> cases = inline_file->suite({.seed = 2508178, .count = 40});
  CheckSettings settings;
  settings.threads = 2;
  const std::vector<CaseOutcome> a = evaluate_cases(*inline_file, cases, settings);
  const std::vector<CaseOutcome> b = evaluate_cases(*named_file, cases, settings);
  std::size_t equal = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(verdict_name(a[i].verdict), verdict_name(b[i].verdict)) << w.name << ", case " << i << " (" << cases[i].label << ")";
    equal += a[i].verdict == Verdict::EqualExact;
  }
  return equal;
}

TEST(FileTheoremNaming, TheSpectralNormOfANamedSoftmaxJacobianIsItsOwnKernel) {
  const std::size_t equal = expect_same_verdicts(
      {.name = "spectral_norm(J) <= max_i a_i / T",
       .inline_define = "",
       .inline_value = "spectral_norm(softmax_jacobian(logits, T))",
       .bound_inline = "max(i, softmax(logits / T)[i]) / T",
       .named_define = "J = \"softmax_jacobian(logits, T)\"\na = \"softmax(logits / T)\"",
       .named_value = "spectral_norm(J)",
       .bound_named = "max(i, a[i]) / T",
       .relation = "<="});
  EXPECT_GT(equal, 0u) << "the tied cases are EQUAL (exact): the test meets the exact kernel";
}

TEST(FileTheoremNaming, NamedScaledLogitsKeepTheirExactOrdering) {
  expect_same_verdicts({.name = "T ||J(l / T, 1)||_2 <= 1/2",
                        .inline_define = "",
                        .inline_value = "spectral_norm(softmax_jacobian(logits / T, 1))",
                        .bound_inline = "1 / 2",
                        .named_define = "z = \"logits / T\"\nJ = \"softmax_jacobian(z, 1)\"",
                        .named_value = "spectral_norm(J)",
                        .bound_named = "1 / 2",
                        .relation = "<="});
}

TEST(FileTheoremNaming, LargestOfANamedInputIsDecidedOnItsExactValue) {
  const std::size_t equal = expect_same_verdicts({.name = "largest(l, 1) - largest(l, 2) >= 0",
                                                  .inline_define = "",
                                                  .inline_value = "largest(logits, 1) - largest(logits, 2)",
                                                  .bound_inline = "0",
                                                  .named_define = "v = \"logits\"\ngap = \"largest(v, 1) - largest(v, 2)\"",
                                                  .named_value = "gap",
                                                  .bound_named = "0",
                                                  .relation = ">="});
  EXPECT_GT(equal, 0u);
}

TEST(FileTheoremNaming, NamedWeightsGiveTheEntropyBoundsVerdicts) {
  const std::size_t equal =
      expect_same_verdicts({.name = "entropy <= log L",
                            .inline_define = "",
                            .inline_value = "-sum(i, softmax(logits / T)[i] * log(softmax(logits / T)[i]))",
                            .bound_inline = "log(L)",
                            .named_define = "a = \"softmax(logits / T)\"\nH = \"-sum(i, a[i] * log(a[i]))\"",
                            .named_value = "H",
                            .bound_named = "log(L)",
                            .relation = "<="});
  EXPECT_GT(equal, 0u);
}

TEST(FileTheoremNaming, NamedFactorsGiveTheJacobianEntryVerdicts) {
  const std::size_t equal = expect_same_verdicts(
      {.name = "max_ij |J_ij| <= 1/(4T)",
       .inline_define = "",
       .inline_value = "max(i, max(j, abs(softmax(logits / T)[i] / T * (delta(i, j) - softmax(logits / T)[j]))))",
       .bound_inline = "1 / (4 * T)",
       .named_define = "a = \"softmax(logits / T)\"\nc = \"1 / T\"",
       .named_value = "max(i, max(j, abs(a[i] * c * (delta(i, j) - a[j]))))",
       .bound_named = "1 / (4 * T)",
       .relation = "<="});
  EXPECT_GT(equal, 0u) << "L = 2 ties attain the bound";
}

TEST(FileTheoremNaming, NamedWeightsGiveTheFrobeniusVerdicts) {
  const std::size_t equal = expect_same_verdicts(
      {.name = "||J||_F^2 <= p rest",
       .inline_define = "",
       .inline_value = "sum(i, sum(j, (softmax(logits / T)[i] * (delta(i, j) - softmax(logits / T)[j]))^2))",
       .bound_inline = "sum(i, softmax(logits / T)[i]^2) * sum(i, softmax(logits / T)[i] * sum(j, (1 - delta(i, j)) * softmax(logits / T)[j]))",
       .named_define = "a = \"softmax(logits / T)\"\np = \"sum(i, a[i]^2)\"\nrest = \"sum(i, a[i] * sum(j, (1 - delta(i, j)) * a[j]))\"",
       .named_value = "sum(i, sum(j, (a[i] * (delta(i, j) - a[j]))^2))",
       .bound_named = "p * rest",
       .relation = "<="});
  EXPECT_GT(equal, 0u) << "tied weights attain the bound";
}

TEST(FileTheoremNaming, ANamedVectorFirstReadInsideALoopLeavesItsCounterAlone) {
  // w is computed where it is first needed, at k = 0 of the claim's sum; its own loop counts in
  // the counter of depth 0, which the sum's k reads too.
  const std::size_t equal = expect_same_verdicts(
      {.name = "sum_k w_k l_k with w = vec(i, exp(l_i))",
       .inline_define = "",
       .inline_value = "sum(k, exp(logits[k]) * logits[k])",
       .bound_inline = "sum(k, exp(logits[k]) * logits[k])",
       .named_define = "w = \"vec(i, exp(logits[i]))\"",
       .named_value = "sum(k, w[k] * logits[k])",
       .bound_named = "sum(k, exp(logits[k]) * logits[k])",
       .relation = "<="});
  EXPECT_GT(equal, 0u);
}

TEST(FileTheoremNaming, ANamedQuotientTimesAScalarGivesTheInlineVerdicts) {
  // s (v / t) is computed as v (s / t), from the quotient's structure, named or not.
  expect_same_verdicts({.name = "||3 (l / T)||_2 <= 3 ||l||_2 / T",
                        .inline_define = "",
                        .inline_value = "norm(3 * (logits / T))",
                        .bound_inline = "3 * norm(logits) / T",
                        .named_define = "u = \"logits / T\"\nw = \"3 * u\"",
                        .named_value = "norm(w)",
                        .bound_named = "3 * norm(logits) / T",
                        .relation = "<="});
}

TEST(FileTheoremNaming, OneJacobianNormAtTwoTemperaturesNamedOrNot) {
  // spectral_norm(softmax_jacobian(l / T, 1)) and spectral_norm(softmax_jacobian(l, T)) share one
  // norm (the weights softmax(l, T), the norm at temperature 1), named or not.
  const std::size_t equal = expect_same_verdicts(
      {.name = "||J(l / T, 1)||_2 <= T ||J(l, T)||_2",
       .inline_define = "",
       .inline_value = "spectral_norm(softmax_jacobian(logits / T, 1))",
       .bound_inline = "T * spectral_norm(softmax_jacobian(logits, T))",
       .named_define = "z = \"logits / T\"\nJ1 = \"softmax_jacobian(z, 1)\"\nJ = \"softmax_jacobian(logits, T)\"",
       .named_value = "spectral_norm(J1)",
       .bound_named = "T * spectral_norm(J)",
       .relation = "<="});
  EXPECT_GT(equal, 0u) << "an equality: the tied cases are EQUAL (exact)";
}

TEST(FileTheoremNaming, SeparabilityDistancesAndCountNamedOrNot) {
  // Theorem 2's upper envelope as the library states it (distances_to_sum and separable_count of
  // the named a, vectors and selected share one set of Gram rows in a run), and with the
  // arguments of both calls written inline (each computes its own): the same verdict and the same
  // enclosures on every case of its suite, ties and exact decisions among them.
  const Theorem& named = *find("separability-upper-envelope");
  std::string text = theorem_file_read(named)->text;
  for (const std::string call : {"distances_to_sum(", "separable_count("}) {
    const std::string written = call + "a, vectors, selected)";
    const std::size_t at = text.find(written);
    ASSERT_NE(at, std::string::npos) << written;
    text.replace(at, written.size(), call + "softmax(logits / T), vectors, top(logits, N))");
  }
  const std::string id = "id = \"separability-upper-envelope\"";
  text.replace(text.find(id), id.size(), "id = \"inline\"");
  const auto written_inline = make_file_theorem(formula::read_theorem_spec(text, "inline.toml"));
  const std::vector<Case> cases = named.suite({.seed = 2508178, .count = 60});
  std::vector<Case> restated = cases;
  for (Case& c : restated) c.theorem = "inline";
  CheckSettings settings;
  settings.threads = 2;
  const std::vector<CaseOutcome> a = evaluate_cases(named, cases, settings);
  const std::vector<CaseOutcome> b = evaluate_cases(*written_inline, restated, settings);
  std::size_t equal = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(verdict_name(a[i].verdict), verdict_name(b[i].verdict)) << "case " << i << " (" << cases[i].label << ")";
    EXPECT_EQ(a[i].value.lo, b[i].value.lo) << "case " << i;
    EXPECT_EQ(a[i].value.hi, b[i].value.hi) << "case " << i;
    equal += a[i].verdict == Verdict::EqualExact;
  }
  EXPECT_GT(equal, 0u) << "the suite's exact decisions are met";
}

TEST(FileTheoremNaming, TopNLargestCrossDistanceNamedOrInline) {
  // Theorem 1's d_1 = max(j, selected, max(i, left, norm(vectors[i] - vectors[j]))) as the library
  // states it (the pairs screened in binary64, verify/formula/pair_distance_screen.hpp), with the
  // sets and the rows written inline or under another name (screened too), and with the
  // distance times (1 + 0 * i), which every pair evaluates: the same verdict on every case of the
  // suite, ties and exact decisions among them, and the same enclosures where both are screened.
  const Theorem& named = *find("topn-distance-fixed");
  const std::string library = theorem_file_read(named)->text;
  const std::string written = "max(j, selected, max(i, left, norm(vectors[i] - vectors[j])))";
  const auto restated = [&](const std::string& id, const std::string& d1, const std::string& define) {
    std::string text = library;
    text.replace(text.find(written), written.size(), d1);
    text.replace(text.find("[define]\n"), 9, "[define]\n" + define);
    const std::string id_line = "id = \"topn-distance-fixed\"";
    text.replace(text.find(id_line), id_line.size(), "id = \"" + id + "\"");
    return make_file_theorem(formula::read_theorem_spec(text, id + ".toml"));
  };
  ASSERT_NE(library.find(written), std::string::npos) << written;
  const auto written_inline =
      restated("inline", "max(j, top(logits, N), max(i, left_out(logits, N), norm(rows[j] - rows[i])))", "rows = \"vectors\"\n");
  const auto every_pair =
      restated("every-pair", "max(j, selected, max(i, left, norm(vectors[i] - vectors[j]) * (1 + 0 * i)))", "");
  const std::vector<Case> cases = named.suite({.seed = 2508178, .count = 30});
  CheckSettings settings;
  settings.threads = 2;
  const auto outcomes_of = [&](const Theorem& t, const std::string& id) {
    std::vector<Case> renamed = cases;
    for (Case& c : renamed) c.theorem = id;
    return evaluate_cases(t, renamed, settings);
  };
  const std::vector<CaseOutcome> a = evaluate_cases(named, cases, settings);
  const std::vector<CaseOutcome> b = outcomes_of(*written_inline, "inline");
  const std::vector<CaseOutcome> c = outcomes_of(*every_pair, "every-pair");
  std::size_t equal = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(verdict_name(a[k].verdict), verdict_name(b[k].verdict)) << "case " << k << " (" << cases[k].label << ")";
    EXPECT_EQ(verdict_name(a[k].verdict), verdict_name(c[k].verdict)) << "case " << k << " (" << cases[k].label << ")";
    EXPECT_EQ(a[k].bound.lo, b[k].bound.lo) << "case " << k;
    EXPECT_EQ(a[k].bound.hi, b[k].bound.hi) << "case " << k;
    equal += a[k].verdict == Verdict::EqualExact;
  }
  EXPECT_GT(equal, 0u) << "the suite's exact decisions are met";
}

}  // namespace
}  // namespace nb::theorems
