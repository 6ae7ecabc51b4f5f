// Search must find what the suite misses: a test-only theorem whose deliberately
// weakened bound fails only in a ball of radius about 0.09 around one point of [-4, 4]^3, which
// its 100-case random suite does not hit, while the claim's value rises smoothly toward it from
// everywhere, so that a local search from the suite's cases can climb there.
#include <cmath>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/search/theorem_search.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/run.hpp"

namespace nb::search {
namespace {

struct PlantedBump {
  static TheoremInfo info() {
    return {.id = "test-planted-bump",
            .title = "exp(-||x - c||^2 / 8) <= 999/1000 (weakened from <= 1)",
            .source = "test only",
            .statement = R"(e^{-\|x - c\|^2/8} \le 0.999)",
            .summary = "exp(-||x - c||^2/8) <= 0.999, c = (13/10, -7/10, 21/10)",
            .assumptions = {"x has 3 entries"},
            .reads = {.numbers = {"x"}}};
  }
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      Case c;
      c.numbers["x"] = ExactTensor::vector({random::uniform(rng, -4, 4), random::uniform(rng, -4, 4),
                                            random::uniform(rng, -4, 4)});
      c.label = "uniform in [-4, 4]^3, case " + std::to_string(i);
      c.provenance = {{"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }
  static void check_assumptions(const Case& c) {
    if (c.number("x").size() != 3) throw InputError("x must have 3 entries");
  }
  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const Vector<R> x = c.number("x").to_vector<R>();
    const R c0 = R(13) / R(10), c1 = R(-7) / R(10), c2 = R(21) / R(10);
    const R d0 = x[0] - c0, d1 = x[1] - c1, d2 = x[2] - c2;
    const R squared = d0 * d0 + d1 * d1 + d2 * d2;
    Sides<R> s;
    s.claim("exp(-||x - c||^2/8) <= 999/1000", R(exp(R(-squared / R(8)))), Relation::LessEqual, R(999) / R(1000));
    return s;
  }
};

TEST(PlantedViolation, SearchFindsWhatTheDefaultSuiteMisses) {
  const TheoremModel<PlantedBump> theorem;
  const std::uint64_t seed = 2508178;
  RunPlan suite_plan;
  suite_plan.theorems.push_back(suite_cases(theorem, seed, 100));
  const TheoremResult suite = run(suite_plan).theorems.front();
  EXPECT_EQ(suite.counts[static_cast<int>(Verdict::Violated)], 0u) << "seed " << seed;

  SearchSettings settings;
  settings.seed = seed;
  settings.budget = 2000;
  const TheoremSearch s = search_theorem(theorem, settings);
  ASSERT_TRUE(s.violation) << "seed " << seed;
  RunPlan plan;
  plan.theorems.push_back({&theorem, s.certified_cases, CaseOrigin::SuiteOrSaved});
  EXPECT_EQ(run(plan).theorems.front().outcomes.front().verdict, Verdict::Violated);
}

}  // namespace
}  // namespace nb::search
