// Theorems stated in text files (theorems/file_theorem.hpp): the entropy example loads, gets its
// LaTeX from its formulas, holds on its suite with its ties decided EQUAL (exact), and a false
// variant is found VIOLATED; mistakes in a file name their line and column.
#include "theorems/file_theorem.hpp"

#include <gtest/gtest.h>

#include "verify/engine.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {
namespace {

const std::string kEntropy = R"toml(id = "softmax-entropy-log-l"
title = "Attention entropy is at most log L"
source = "Shannon (1948)"
fidelity = "extension"          # verbatim | reconstructed | heuristic | extension
expect = "holds"                # holds | violated

[inputs]                        # suites draw inside the ranges; `prove` uses them as the default region
l = { kind = "vector", length = "L", range = [-30, 30] }
T = { kind = "scalar", range = [0.01, 100] }
L = { kind = "length", range = [2, 64] }

[define]                        # named subexpressions, in order
a = "softmax(l / T)"

[[claim]]                       # one or more; the case's verdict is decided claim by claim, as today
value = "-sum(i, a[i] * log(a[i]))"
relation = "<="                 # <=, <, >=, >, ==
bound = "log(L)"
)toml";

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "entropy.toml"));
}

std::vector<CaseOutcome> checked(const Theorem& t, std::size_t count, std::uint64_t seed) {
  std::vector<Case> cases = t.suite({.seed = seed, .count = count});
  CheckSettings settings;
  settings.threads = 2;
  return evaluate_cases(t, cases, settings);
}

TEST(FileTheorem, TheEntropyExampleHoldsAndItsTiesAreEqualExactly) {
  const auto t = theorem_from(kEntropy);
  EXPECT_EQ(t->info().id, "softmax-entropy-log-l");
  EXPECT_EQ(t->info().fidelity, Fidelity::Extension);
  EXPECT_EQ(t->info().statement, "-\\sum_{i} a_{i} \\, \\log\\left(a_{i}\\right) \\le \\log\\left(L\\right)");
  EXPECT_EQ(t->info().summary, "-sum(i, a[i] * log(a[i])) <= log(L)");
  const std::vector<CaseOutcome> outcomes = checked(*t, 40, 2508178);
  std::size_t equal = 0;
  for (const CaseOutcome& o : outcomes) {
    EXPECT_NE(o.verdict, Verdict::Violated) << o.label;
    EXPECT_NE(o.verdict, Verdict::Inconclusive) << o.label;
    equal += o.verdict == Verdict::EqualExact;
  }
  EXPECT_GE(equal, 8u) << "the tied cases (one in five) attain log L exactly";
}

TEST(FileTheorem, AFalseVariantIsViolated) {
  std::string text = kEntropy;
  text.replace(text.find("bound = \"log(L)\""), 16, "bound = \"log(L) - 1/10\"");
  const auto t = theorem_from(text);
  std::size_t violated = 0;
  for (const CaseOutcome& o : checked(*t, 20, 7)) violated += o.verdict == Verdict::Violated;
  EXPECT_GE(violated, 4u) << "the ties have entropy log L > log L - 1/10";
}

// The message of the InputError that making the theorem from `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    theorem_from(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(FileTheorem, MistakesNameTheirLineAndColumn) {
  const auto with = [](const std::string& from, const std::string& to) {
    std::string text = kEntropy;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_EQ(error_of(with("fidelity = \"extension\"", "fidelity = \"exact\"")),
            "entropy.toml:4:12: 'fidelity' must be one of verbatim | reconstructed | heuristic | extension, not \"exact\"");
  EXPECT_EQ(error_of(with("-sum(i, a[i] * log(a[i]))", "-sum(i, a[i] * lg(a[i]))")).substr(0, 48),
            "entropy.toml:16:9: unknown function 'lg' (known:");
  EXPECT_EQ(error_of(with("log(L)\"", "log(L) + dot(l, a[0])\"")).substr(0, 60),
            "entropy.toml:18:9: an index must be the variable of an enclo");
  EXPECT_NE(error_of(with("\"log(L)\"", "\"log(L) + dot(l, vec(i, a[i] + 1))[\"")).find("entropy.toml:18:9: "),
            std::string::npos);
  EXPECT_EQ(error_of(with("[inputs]", "[input]")).substr(0, 37), "entropy.toml:7:1: unknown key 'input'");
  EXPECT_EQ(error_of(with("length = \"L\"", "length = \"T\"")),
            "entropy.toml:8:5: vector 'l' has length 'T', which is not an input of kind \"length\"");
  EXPECT_NE(error_of(with("relation = \"<=\"", "relation = <=")).find("entropy.toml:17:"), std::string::npos)
      << "a TOML syntax error";
  EXPECT_EQ(error_of(with("range = [2, 64]", "range = [64, 2]")), "entropy.toml:10:32: range [64, 2] is empty");
}

TEST(FileTheorem, ShapesAreCheckedOnEveryCase) {
  const auto t = theorem_from(kEntropy);
  Case c = t->suite({.seed = 1, .count = 1}).front();
  c.integers["L"] += 1;
  EXPECT_THROW(t->check_assumptions(c), InputError) << "l is shorter than L says";
  c.integers["L"] = 0;
  EXPECT_THROW(t->check_assumptions(c), InputError);
}

}  // namespace
}  // namespace nb::theorems
