// Theorem files that use the index-set vocabulary (verify/formula/vocabulary/index_sets.hpp) and
// per-index claims (for_every): the verdict of a per-index claim is the worst over its index and a
// quantity names that index; top-n-weights-left-out (tests/cli/data/) checks on its suite and witness.
#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/engine/engine.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {
namespace file_theorem_index_sets_test {

std::vector<CaseOutcome> outcomes_of(const Theorem& t, const std::vector<Case>& cases) {
  CheckSettings settings;
  settings.threads = 2;
  return evaluate_cases(t, cases, settings);
}

// "every entry of v is at most b", with witnesses at which it holds, fails at entry 2 only, and
// holds with equality at entry 1.
const std::string kEveryEntry = R"toml(id = "every-entry-at-most-b"
title = "t"
source = "s"
fidelity = "extension"
expect = "violated"

[inputs]
v = { kind = "vector", length = "L", range = [-4, 4] }
b = { kind = "scalar", range = [-4, 4] }
L = { kind = "length", range = [1, 8] }

[[claim]]
for_every = "i"
value = "v[i]"
relation = "<="
bound = "b"

[[witness]]
label = "holds"
inputs = { v = [1, 2, 3], b = 4 }

[[witness]]
label = "fails at entry 2 only"
inputs = { v = [1, 2, 3], b = "5/2" }

[[witness]]
label = "equal at entry 1"
inputs = { v = [1, "5/2", 0], b = "5/2" }
)toml";

TEST(FileTheoremIndexSets, APerIndexClaimIsDecidedAtItsWorstIndexWhichAQuantityNames) {
  const std::unique_ptr<Theorem> t = make_file_theorem(formula::read_theorem_spec(kEveryEntry, "every.toml"));
  const std::vector<CaseOutcome> outcomes = outcomes_of(*t, t->info().witnesses);
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_EQ(outcomes[0].verdict, Verdict::Proven);
  EXPECT_EQ(outcomes[1].verdict, Verdict::Violated);
  EXPECT_EQ(outcomes[2].verdict, Verdict::EqualExact);
  const Sides<DoubleInterval> s = t->evaluate_fast(t->info().witnesses[1], EvalContext{});
  ASSERT_EQ(s.quantities.size(), 1u);
  EXPECT_EQ(s.quantities[0].first, "worst i of claim 1");
  EXPECT_EQ(s.quantities[0].second.lower(), 2);
  EXPECT_EQ(s.quantities[0].second.upper(), 2);
}

TEST(FileTheoremIndexSets, ForEveryNamesANewIndexVariable) {
  std::string taken = kEveryEntry;
  taken.replace(taken.find("for_every = \"i\""), 15, "for_every = \"b\"");
  EXPECT_THROW(formula::read_theorem_spec(taken, "every.toml"), InputError);
}

TEST(FileTheoremIndexSets, TopNWeightsLeftOutHoldsOnItsSuiteAndWitness) {
  const std::unique_ptr<Theorem> t =
      make_file_theorem(read_theorem_file_spec(std::string(NORMBOUND_SOURCE_DIR) + "/tests/cli/data/top-n-weights-left-out.toml"));
  std::vector<Case> cases = t->suite({.seed = 3, .count = 30});
  for (const Case& w : t->info().witnesses) cases.push_back(w);
  std::size_t decided = 0;
  for (const CaseOutcome& o : outcomes_of(*t, cases)) {
    EXPECT_TRUE(o.verdict == Verdict::Proven || o.verdict == Verdict::EqualExact || o.verdict == Verdict::NearTight ||
                o.verdict == Verdict::Tight)
        << verdict_name(o.verdict);
    decided += o.verdict == Verdict::Proven || o.verdict == Verdict::EqualExact;
  }
  EXPECT_GE(decided, cases.size() / 2);
}

}  // namespace file_theorem_index_sets_test
}  // namespace nb::theorems
