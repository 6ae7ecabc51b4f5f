// The keys that let a theorem file state what a built-in theorem states (docs/theorem-files.md):
// [[witness]] cases checked whatever the seed, a [suite] drawn by the built-in generators, named
// [[quantity]]s recorded on every case, suite cases drawn again while they break an assumption, and
// the theorem stating the valid form of a printed one (corrected_by).
#include <gtest/gtest.h>

#include <algorithm>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/io/errors.hpp"

namespace nb::theorems {
namespace file_theorem_keys_test {

using witness::contains;

const std::string kHeader = R"toml(id = "spectral-norm-at-most-a-quarter"
title = "t"
source = "s"
fidelity = "extension"
)toml";

const std::string kLogits = R"toml(
[inputs]
logits = { kind = "vector", length = "L", range = [-8, 8] }
T = { kind = "scalar", range = ["1/16", 16], positive = true }
L = { kind = "length", range = [2, 64] }

[define]
a = "softmax(logits / T)"

[[claim]]
value = "spectral_norm(softmax_jacobian(logits, T))"
relation = "<="
bound = "1 / (4 * T)"
)toml";

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "keys.toml"));
}

std::vector<CaseOutcome> outcomes_of(const Theorem& t, const std::vector<Case>& cases) {
  CheckSettings settings;
  settings.threads = 2;
  return evaluate_cases(t, cases, settings);
}

TEST(FileTheoremKeys, WitnessesAreCasesOfTheStatementWhateverTheSeed) {
  const auto t = theorem_from(kHeader + "expect = \"violated\"\n" + kLogits + R"toml(
[[witness]]
label = "Corollary 3 witness"
inputs = { logits = [0, 0], T = 1 }

[[witness]]
label = "three tied logits at T = 1/4, L given"
inputs = { logits = ["0", "0x0p+0", "0/7"], T = "1/4", L = 3 }
)toml");
  const std::vector<Case>& witnesses = t->info().witnesses;
  ASSERT_EQ(witnesses.size(), 2u);
  EXPECT_EQ(witnesses[0].label, "Corollary 3 witness");
  EXPECT_EQ(witnesses[0].theorem, "spectral-norm-at-most-a-quarter");
  EXPECT_EQ(witnesses[1].number("T").text(0), "1/4");
  const std::vector<CaseOutcome> outcomes = outcomes_of(*t, witnesses);
  EXPECT_EQ(outcomes[0].verdict, Verdict::Violated) << "||J||_2 = 1/2 > 1/4 at (0, 0), T = 1";
  EXPECT_EQ(outcomes[1].verdict, Verdict::Violated) << "||J||_2 = 4/3 > 1 at three ties, T = 1/4";
}

TEST(FileTheoremKeys, TheExpectViolatedFilesCarryTheirWitnesses) {
  for (const std::string id : {"finite-difference-sensitivity-as-printed",
                               "softmax-jacobian-spectral-as-printed"}) {
    const auto t = read_theorem_file(std::string(NORMBOUND_SOURCE_DIR) + "/theorems/" + id + ".toml");
    ASSERT_FALSE(t->info().witnesses.empty()) << id;
    for (const CaseOutcome& o : outcomes_of(*t, t->info().witnesses))
      EXPECT_EQ(o.verdict, Verdict::Violated) << id << ": " << o.label;
  }
}

TEST(FileTheoremKeys, AWitnessThatIsNoCaseIsRefusedAtItsPlace) {
  const auto refused = [&](const std::string& witness, const std::string& why) {
    try {
      theorem_from(kHeader + "expect = \"holds\"\n" + kLogits + witness);
      ADD_FAILURE() << "accepted: " << witness;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  refused("[[witness]]\nlabel = \"w\"\ninputs = { logits = [0, 0], T = 1, L = 3 }\n",
          "keys.toml:19:1: the witness 'w' is no case of the statement: logits must be a vector of length L = 3");
  refused("[[witness]]\nlabel = \"w\"\ninputs = { logits = [0, 0], T = 0 }\n", "T must be > 0");
  refused("[[witness]]\nlabel = \"w\"\ninputs = { logits = [0, 0] }\n", "the witness gives no value of 'T'");
  refused("[[witness]]\nlabel = \"w\"\ninputs = { logits = [0, 0], T = 1, x = 2 }\n",
          "the witness gives 'x', which is not an input");
  refused("[[witness]]\nlabel = \"w\"\ninputs = { logits = [0, \"a\"], T = 1 }\n", "keys.toml:21:25: the witness's 'logits': 'a' is not a number");
}

TEST(FileTheoremKeys, ASuiteGeneratorDrawsTheBuiltInSuite) {
  const auto t = theorem_from(kHeader + "expect = \"holds\"\n" + kLogits +
                              "[suite]\ngenerator = \"logit-cases\"\nmax_L = 64\npaper_regime = true\n");
  // The built-in theorem draws from logit_cases(request, its id, 64): under that id, the same cases.
  std::string text = kHeader + "expect = \"holds\"\n" + kLogits + "[suite]\ngenerator = \"logit-cases\"\n";
  text.replace(text.find("spectral-norm-at-most-a-quarter"), 31, "softmax-jacobian-spectral-sharp");
  const auto same_id = theorem_from(text);
  const std::vector<Case> file_cases = same_id->suite({.seed = 2508178, .count = 30});
  const std::vector<Case> built_in = find("softmax-jacobian-spectral-sharp")->suite({.seed = 2508178, .count = 30});
  ASSERT_EQ(file_cases.size(), built_in.size());
  for (std::size_t i = 0; i < built_in.size(); ++i) {
    EXPECT_EQ(file_cases[i].numbers, built_in[i].numbers) << i;
    EXPECT_EQ(file_cases[i].label, built_in[i].label) << i;
  }
  EXPECT_TRUE(t->info().shapes.in_default_suite);
  EXPECT_TRUE(t->info().shapes.L && t->info().shapes.T);
}

TEST(FileTheoremKeys, AGeneratorOfOtherInputsIsRefused) {
  try {
    theorem_from(kHeader + "expect = \"holds\"\n" + kLogits + "[suite]\ngenerator = \"finite-difference-cases\"\n");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("keys.toml:19:1: the generator draws the inputs T, direction, epsilon, logits; "
                                         "the file declares T, logits"),
              std::string::npos)
        << e.what();
  }
}

TEST(FileTheoremKeys, QuantitiesAreRecordedOnEveryCase) {
  const auto t = theorem_from(kHeader + "expect = \"violated\"\n" + kLogits + R"toml(
[[quantity]]
name = "max_i alpha_i"
value = "max(i, a[i])"

[[quantity]]
name = "log of the smallest logit"
value = "log(min(i, logits[i]))"
)toml");
  Case c;
  c.theorem = t->info().id;
  c.numbers["logits"] = ExactTensor::vector({0, 0});
  c.numbers["T"] = ExactTensor::literal("1");
  const Sides<Interval> s = t->evaluate_interval(c, {});
  ASSERT_EQ(s.quantities.size(), 1u) << "log 0 has no value: that quantity is left out, the claims are not";
  EXPECT_EQ(s.quantities[0].first, "max_i alpha_i");
  EXPECT_TRUE(contains(s.quantities[0].second, Mpfr(1) / 2));
  const std::vector<CaseOutcome> outcomes = outcomes_of(*t, {c});
  EXPECT_EQ(outcomes[0].verdict, Verdict::Violated);
  EXPECT_EQ(outcomes[0].quantities.size(), 1u);
}

TEST(FileTheoremKeys, SuiteCasesThatBreakAnAssumptionAreDrawnAgain) {
  // x <= 1/2 breaks the assumption on about half the draws of [0, 1], and x = 0 (a range end) is
  // not positive: the range ends' shape breaks one at every draw, and a case is drawn again (in the
  // next shape) until it is a case.
  const auto t = theorem_from(kHeader + R"toml(expect = "holds"
[inputs]
x = { kind = "scalar", range = [0, 1], positive = true }
[[assume]]
value = "x"
relation = "<="
bound = "1/2"
[[claim]]
value = "x * x"
relation = "<="
bound = "x"
)toml");
  const std::vector<Case> cases = t->suite({.seed = 3, .count = 60});
  ASSERT_EQ(cases.size(), 60u);
  std::size_t redrawn = 0;
  for (const Case& c : cases) {
    EXPECT_NO_THROW(t->check_assumptions(c)) << c.label;
    redrawn += c.provenance.contains("draw");
  }
  EXPECT_GT(redrawn, 10u);
  // The first draw is the one every suite makes: a case that needs none is unchanged.
  const std::vector<Case> again = t->suite({.seed = 3, .count = 60});
  EXPECT_EQ(again, cases);
}

TEST(FileTheoremKeys, ACaseBreakingAnAssumptionAtEveryDrawIsStillRefused) {
  const auto t = theorem_from(kHeader + R"toml(expect = "holds"
[inputs]
x = { kind = "scalar", range = [0, 1] }
[[assume]]
value = "x"
relation = ">"
bound = "2"
[[claim]]
value = "x"
relation = "<="
bound = "1"
)toml");
  const std::vector<Case> cases = t->suite({.seed = 3, .count = 2});
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_THROW(t->check_assumptions(cases[0]), InputError);
}

TEST(FileTheoremKeys, CorrectedByNamesTheTheoremOfTheValidForm) {
  const std::string violated = kHeader + "expect = \"violated\"\n";
  EXPECT_EQ(formula::read_theorem_spec(violated + "corrected_by = \"spectral-norm-sharp\"\n" + kLogits, "keys.toml")
                .info.corrected_by,
            "spectral-norm-sharp");
  EXPECT_EQ(formula::read_theorem_spec(violated + kLogits, "keys.toml").info.corrected_by, "");
  try {
    formula::read_theorem_spec(violated + "corrected_by = \"Spectral Sharp\"\n" + kLogits, "keys.toml");
    ADD_FAILURE() << "a corrected_by that is no id was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("keys.toml:6:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("corrected_by must be kebab-case"), std::string::npos) << e.what();
  }
}

}  // namespace file_theorem_keys_test
}  // namespace nb::theorems
