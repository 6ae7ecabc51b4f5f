// The engine: the binary64 tier and its agreement with MPFI alone, Ziv escalation to the cap,
// sequential looks for statistical claims, results independent of thread count, input errors.
#include <cmath>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "tests/verify/third_comparison.hpp"
#include "verify/engine/engine.hpp"
#include "verify/engine/outcome_bytes.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/statistics.hpp"

namespace nb {
namespace {

using test::ThirdComparison;

Case with_x(const std::string& x) { return test::third_comparison(x); }

TEST(Engine, DecidesEscalatesAndCaps) {
  const TheoremModel<ThirdComparison> theorem;
  const std::string just_above_third = "0.33333333333333333333333333333333333333334";  // 1/3 + 7e-42
  Case cancelling = with_x(just_above_third);
  cancelling.options["cancel"] = "";
  const std::vector<Case> cases = {with_x("0.25"), with_x("0.5"), with_x("1/3"), with_x(just_above_third),
                                   cancelling};
  CheckSettings s;
  s.precision = 64;
  s.max_precision = 512;
  s.exact.units = 0;  // intervals alone (exact decisions of TIGHT cases: exact_decision_test.cpp)
  const auto out = evaluate_cases(theorem, cases, s);
  EXPECT_EQ(out[0].verdict, Verdict::Proven);
  EXPECT_EQ(out[1].verdict, Verdict::Violated);
  EXPECT_EQ(out[2].verdict, Verdict::Tight) << "1/3 <= 1/3 in binary intervals is equality within resolution";
  EXPECT_GE(out[2].precision_bits, 512u);
  // At 64 bits the slack's enclosure holds 0 and is within resolution (2^-56): straight to the cap.
  EXPECT_EQ(out[3].verdict, Verdict::Violated) << "needs more than 64 bits to see it is above 1/3";
  EXPECT_GE(out[3].precision_bits, 512u);
  // The same number through a cancellation of 2^100: wide at 64 and 128 bits, so the precision
  // doubles, and 256 bits decide it.
  EXPECT_EQ(out[4].verdict, Verdict::Violated);
  EXPECT_GT(out[4].precision_bits, 128u);
  EXPECT_LT(out[4].precision_bits, 512u);
}

TEST(Engine, Binary64TierDecidesWhatItCanAndAgreesWithMpfiAlone) {
  const TheoremModel<ThirdComparison> theorem;
  std::vector<Case> cases;
  // Far from 1/3, close to it (decided only in MPFI), and exactly at it.
  for (int k = 0; k <= 120; ++k) cases.push_back(with_x(std::to_string(k) + "/360"));
  cases.push_back(with_x("0.3333333333333333333333"));
  cases.push_back(with_x("0.33333333333333333333334"));
  CheckSettings with_tier, without_tier;
  without_tier.binary64_tier = false;
  const auto a = evaluate_cases(theorem, cases, with_tier), b = evaluate_cases(theorem, cases, without_tier);
  std::size_t at_53 = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(a[i].verdict, b[i].verdict) << cases[i].label;
    EXPECT_GT(b[i].precision_bits, kBinary64TierBits) << "without the tier every case runs in MPFI";
    at_53 += a[i].precision_bits == kBinary64TierBits;
  }
  EXPECT_GE(at_53, 110u) << "cases far from the bound are decided in binary64";
  EXPECT_GT(a.back().precision_bits, kBinary64TierBits) << "1e-23 from the bound needs MPFI";
  EXPECT_EQ(a[120].verdict, Verdict::EqualExact) << "120/360 = 1/3: TIGHT in intervals, exactly equal";
}

// The progress callback names the round that decided each case (the words of check's progress
// line): the binary64 tier, MPFI at the precision that decided, or the exact evaluation after MPFI.
TEST(Engine, ProgressNamesTheRoundThatDecidedEachCase) {
  const TheoremModel<ThirdComparison> theorem;
  const std::vector<Case> cases = {with_x("0.25"), with_x("0.3333333333333333333333"), with_x("1/3")};
  CheckSettings s;  // one thread: the binary64 pass, then the MPFI ladders in case order
  s.precision = 64;
  s.max_precision = 256;
  std::vector<DecidingRound> rounds;
  const auto out = evaluate_cases(theorem, cases, s, [&](std::size_t done, std::size_t total, DecidingRound r) {
    EXPECT_EQ(done, rounds.size() + 1);
    EXPECT_EQ(total, cases.size());
    rounds.push_back(r);
  });
  ASSERT_EQ(rounds.size(), 3u);
  EXPECT_EQ(rounds[0].tier, Tier::Binary64);
  EXPECT_EQ(rounds[0].bits, kBinary64TierBits);
  EXPECT_EQ(rounds[1].tier, Tier::Mpfi) << "1e-23 below 1/3 needs MPFI, and no exact evaluation";
  EXPECT_EQ(rounds[1].bits, out[1].precision_bits);
  EXPECT_GT(rounds[1].bits, kBinary64TierBits);
  EXPECT_EQ(rounds[2].tier, Tier::Exact) << "1/3 is TIGHT at the cap, then decided exactly";
  EXPECT_EQ(out[2].verdict, Verdict::EqualExact);
}

// "E[X] <= 1/2" for X ~ Bernoulli(p) with p the case's number, estimated from ctx.samples(100)
// draws: undecided at 100 draws when p is close to 1/2, decided with more.
struct BernoulliMean {
  static TheoremInfo info() {
    TheoremInfo i;
    i.id = "test-bernoulli-mean";
    i.reads.numbers = {"p"};
    return i;
  }
  static std::vector<Case> suite(const SuiteRequest&) { return {}; }
  static void check_assumptions(const Case&) {}
  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext& ctx) {
    random::Rng rng(ctx.seed);
    const double p = c.number("p").approx(0);
    std::vector<R> draws;
    for (std::size_t k = 0; k < ctx.samples(100); ++k) draws.push_back(R(random::uniform(rng, 0, 1) < p ? 1 : 0));
    Sides<R> s;
    s.claim("E[X] <= 1/2", mean_confidence_interval(draws, R(1), ctx.confidence), Relation::LessEqual,
            R(1) / R(2), Evidence::Statistical);
    return s;
  }
};

TEST(Engine, UndecidedStatisticalCasesGetMoreSamples) {
  const TheoremModel<BernoulliMean> theorem;
  Case c;
  c.label = "p = 0.4";
  c.numbers["p"] = ExactTensor::literal("0.4");
  CheckSettings one_look, looks;
  one_look.max_sample_doublings = 0;
  looks.max_sample_doublings = 6;
  EXPECT_EQ(evaluate_cases(theorem, {c}, one_look)[0].verdict, Verdict::UndecidedStatistical)
      << "100 draws cannot tell a mean of 0.4 from 1/2 at level 0.999";
  EXPECT_EQ(evaluate_cases(theorem, {c}, looks)[0].verdict, Verdict::HoldsStatistical);
}

TEST(Engine, LooksThatPrecisionDoesNotHelpStayInBinary64) {
  // E[X] = 1/2 exactly: no number of draws decides it, and MPFI's interval is as wide as
  // binary64's at the first look, so the later looks keep binary64's UNDECIDED (statistical).
  const TheoremModel<BernoulliMean> theorem;
  Case c;
  c.label = "p = 1/2";
  c.numbers["p"] = ExactTensor::literal("1/2");
  CheckSettings looks;
  looks.max_sample_doublings = 3;
  const CaseOutcome o = evaluate_cases(theorem, {c}, looks)[0];
  EXPECT_EQ(o.verdict, Verdict::UndecidedStatistical);
  EXPECT_EQ(o.sample_doublings, 3u);
  EXPECT_EQ(o.precision_bits, kBinary64TierBits) << "the last look repeated MPFI on every draw";
}

TEST(Engine, LookLevelsSpendTheErrorProbabilityOnce) {
  for (unsigned max : {0u, 1u, 4u, 10u}) {
    double spent = 0;
    for (unsigned look = 0; look <= max; ++look) spent += 1 - look_confidence(0.99, look, max);
    EXPECT_NEAR(spent, 0.01, 1e-15) << max << " doublings";
  }
  EXPECT_EQ(look_confidence(0.99, 0, 0), 0.99) << "a single look uses the level as given";
}

TEST(Engine, OutcomesDoNotDependOnThreadCount) {
  const TheoremModel<ThirdComparison> theorem;
  std::vector<Case> cases;
  for (int k = 0; k < 40; ++k) cases.push_back(with_x(std::to_string(k) + "/120"));
  CheckSettings one, four;
  four.threads = 4;
  const auto a = evaluate_cases(theorem, cases, one), b = evaluate_cases(theorem, cases, four);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].verdict, b[i].verdict);
    EXPECT_EQ(a[i].slack.lo, b[i].slack.lo);
    EXPECT_EQ(a[i].slack.hi, b[i].slack.hi);
    EXPECT_EQ(a[i].precision_bits, b[i].precision_bits);
  }
}

// Cases of both theorems that share a pool below: ThirdComparison at 1/3, just below it, and
// k/90 for k < n (MPFI decides them, 1/3 exactly); BernoulliMean at each p (several looks).
std::vector<Case> thirds_up_to(int n) {
  std::vector<Case> thirds = {with_x("1/3"), with_x("0.3333333333333333333333")};
  for (int k = 0; k < n; ++k) thirds.push_back(with_x(std::to_string(k) + "/90"));
  return thirds;
}

std::vector<Case> means_of(std::initializer_list<const char*> ps) {
  std::vector<Case> means;
  for (const char* p : ps) {
    Case c;
    c.label = std::string("p = ") + p;
    c.numbers["p"] = ExactTensor::literal(p);
    means.push_back(c);
  }
  return means;
}

// Several theorems in one pool: each theorem's outcomes are those of evaluating it alone (cases
// that MPFI decides, one TIGHT case decided exactly, statistical cases needing several looks), and
// the progress callback counts each theorem's cases up to its own total.
TEST(Engine, TheoremsSharingOnePoolGetTheOutcomesTheyGetAlone) {
  const TheoremModel<ThirdComparison> third;
  const TheoremModel<BernoulliMean> bernoulli;
  const std::vector<Case> thirds = thirds_up_to(30), means = means_of({"0.4", "1/2", "0.45", "0.1"});
  CheckSettings s;
  s.threads = 3;
  s.max_sample_doublings = 3;
  std::vector<std::size_t> counted(2, 0);
  const auto both = evaluate_theorems(
      {{&third, &thirds}, {&bernoulli, &means}}, s,
      [&](std::size_t t, std::size_t done, std::size_t total, DecidingRound) {
        EXPECT_EQ(done, ++counted[t]);
        EXPECT_EQ(total, t == 0 ? thirds.size() : means.size());
      });
  EXPECT_EQ(counted, (std::vector<std::size_t>{thirds.size(), means.size()}));
  ASSERT_EQ(both.size(), 2u);
  const std::vector<CaseOutcome> alone[] = {evaluate_cases(third, thirds, s), evaluate_cases(bernoulli, means, s)};
  for (std::size_t t = 0; t < 2; ++t) {
    ASSERT_EQ(both[t].size(), alone[t].size());
    for (std::size_t i = 0; i < alone[t].size(); ++i) {
      EXPECT_EQ(both[t][i].verdict, alone[t][i].verdict) << t << " " << i;
      EXPECT_EQ(both[t][i].slack.lo, alone[t][i].slack.lo) << t << " " << i;
      EXPECT_EQ(both[t][i].slack.hi, alone[t][i].slack.hi) << t << " " << i;
      EXPECT_EQ(both[t][i].precision_bits, alone[t][i].precision_bits) << t << " " << i;
      EXPECT_EQ(both[t][i].sample_doublings, alone[t][i].sample_doublings) << t << " " << i;
      EXPECT_EQ(both[t][i].exact, alone[t][i].exact) << t << " " << i;
    }
  }
  EXPECT_EQ(both[0][0].verdict, Verdict::EqualExact);
  EXPECT_GT(both[1][0].sample_doublings, 0u) << "p = 0.4 needs more than one look";
}

// What `outcomes` hold, every field and bit (verify/engine/outcome_bytes.hpp).
std::string bytes_of(const std::vector<CaseOutcome>& outcomes) {
  ByteWriter w;
  for (const CaseOutcome& o : outcomes) write_outcome(w, o);
  return w.bytes();
}

// MPI ranks evaluate the cases of a run in chunks, in any order: each outcome must be the one the
// whole run gets.
TEST(Engine, CasesEvaluatedInChunksGetTheOutcomesOfTheWholeRun) {
  const TheoremModel<ThirdComparison> third;
  const TheoremModel<BernoulliMean> bernoulli;
  const std::vector<Case> thirds = thirds_up_to(12), means = means_of({"0.4", "1/2", "0.1"});
  const std::vector<TheoremCaseList> work = {{&third, &thirds}, {&bernoulli, &means}};
  CheckSettings s;
  s.threads = 2;
  s.max_sample_doublings = 3;
  const std::vector<CaseRef> refs = case_refs(work);
  ASSERT_EQ(refs.size(), thirds.size() + means.size());
  const std::vector<CaseOutcome> whole = evaluate_case_refs(work, refs, s);
  // Chunks of 5, the last first, each of them backwards.
  for (std::size_t end = refs.size(); end > 0;) {
    const std::size_t begin = end >= 5 ? end - 5 : 0;
    const std::vector<CaseRef> chunk(refs.rbegin() + static_cast<std::ptrdiff_t>(refs.size() - end),
                                     refs.rbegin() + static_cast<std::ptrdiff_t>(refs.size() - begin));
    std::vector<CaseOutcome> expected(whole.rbegin() + static_cast<std::ptrdiff_t>(refs.size() - end),
                                      whole.rbegin() + static_cast<std::ptrdiff_t>(refs.size() - begin));
    EXPECT_EQ(bytes_of(evaluate_case_refs(work, chunk, s)), bytes_of(expected)) << "cases " << begin << " to " << end;
    end = begin;
  }
  const auto by_theorem = evaluate_theorems(work, s);
  EXPECT_EQ(bytes_of(by_theorem[0]) + bytes_of(by_theorem[1]), bytes_of(whole));
}

// A case outside the theorem's assumptions is REFUSED with the reason, not evaluated, and the
// cases beside it are decided as they would be alone.
TEST(Engine, CasesBreakingTheAssumptionsAreRefusedWithTheReason) {
  const TheoremModel<ThirdComparison> theorem;
  Case bad;
  bad.label = "vector x";
  bad.provenance = {{"layer", "3"}, {"head", "7"}};
  bad.numbers["x"] = ExactTensor::vector({1, 2});
  const std::vector<Case> cases = {with_x("0.25"), bad, with_x("0.5")};
  std::size_t progress = 0;
  const std::vector<CaseOutcome> outcomes =
      evaluate_cases(theorem, cases, CheckSettings{}, [&](std::size_t, std::size_t, DecidingRound) { ++progress; });
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_EQ(progress, 3u) << "a refused case counts as decided";
  const CaseOutcome& refused = outcomes[1];
  EXPECT_EQ(refused.verdict, Verdict::Refused);
  EXPECT_EQ(refused.index, 1u);
  EXPECT_EQ(refused.label, "vector x");
  EXPECT_EQ(refused.exact, "x must be a scalar");
  EXPECT_EQ(refused.provenance, bad.provenance);
  EXPECT_EQ(refused.slack.lo, "nan");
  EXPECT_EQ(bytes_of({outcomes[0]}), bytes_of(evaluate_cases(theorem, {cases[0]}, CheckSettings{})));
  EXPECT_EQ(outcomes[2].verdict, evaluate_cases(theorem, {cases[2]}, CheckSettings{})[0].verdict);
  const std::string bytes = bytes_of({refused});
  ByteReader reader(bytes);
  EXPECT_EQ(read_outcome(reader).verdict, Verdict::Refused) << "REFUSED crosses processes";
}

TEST(Engine, CaseSeedsDifferPerIndexAndRun) {
  EXPECT_NE(case_seed(1, 0), case_seed(1, 1));
  EXPECT_NE(case_seed(1, 0), case_seed(2, 0));
  EXPECT_EQ(case_seed(5, 9), case_seed(5, 9));
}

}  // namespace
}  // namespace nb
