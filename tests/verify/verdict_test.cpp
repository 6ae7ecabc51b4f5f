// The verdict rules (verify/engine/verdict.hpp; the README's verdict table) on constructed slack enclosures,
// including NaN.
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "verify/numbers/double_interval.hpp"
#include "verify/engine/verdict.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace {

SlackEnclosure enclosure(const std::string& lo, const std::string& hi, const std::string& bound = "1") {
  Claim<Interval> c;
  c.relation = Relation::LessEqual;
  c.bound = Interval(bound);
  Interval slack;
  mpfi_interv_fr(slack.backend().data(), Mpfr(lo).backend().data(), Mpfr(hi).backend().data());
  c.value = c.bound - slack;  // so that bound - value encloses [lo, hi] (slightly widened)
  return slack_of(c);
}

SlackEnclosure exact(const std::string& lo, const std::string& hi) {
  SlackEnclosure s;
  s.lo = Mpfr(lo);
  s.hi = Mpfr(hi);
  s.relative_lo = s.lo;
  s.relative_hi = s.hi;
  s.bound_magnitude = 1;
  return s;
}

const VerdictPolicy kPolicy{1e-3};

Verdict certified(const SlackEnclosure& s, Relation r = Relation::LessEqual, bool final_precision = false,
                  unsigned bits = 128) {
  return classify(s, r, Evidence::Certified, kPolicy, bits, final_precision);
}

class VerdictRules : public ::testing::Test {
 protected:
  void SetUp() override { set_working_precision(128); }
};

TEST_F(VerdictRules, CertainlyNonNegativeSlackIsProven) {
  EXPECT_EQ(certified(enclosure("0.5", "0.75")), Verdict::Proven);
}

TEST_F(VerdictRules, ProvenWithSmallRelativeSlackIsNearTight) {
  EXPECT_EQ(certified(enclosure("0.0001", "0.0002")), Verdict::NearTight);
  EXPECT_EQ(certified(exact("1e-300", "1e-300")), Verdict::NearTight);
}

// A rigorous enclosure that is the point 0 certifies slack = 0: EQUAL (exact) as from Calcium
// (classify_exact), whatever the tier; before, the binary64 tier's [0, 0] ended NEAR-TIGHT.
TEST_F(VerdictRules, APointZeroEnclosureIsEqualExact) {
  Claim<DoubleInterval> c;  // the binary64 interval tier: bound - value of one double is exactly [0, 0]
  c.value = DoubleInterval(0.25);
  c.bound = DoubleInterval(0.25);
  const SlackEnclosure zero = slack_of(c);
  ASSERT_TRUE(zero.known && zero.lo == 0 && zero.hi == 0);
  for (Relation r : {Relation::LessEqual, Relation::GreaterEqual}) {
    EXPECT_EQ(certified(zero, r), classify_exact(ExactSign::Zero, r));
    EXPECT_EQ(certified(zero, r), Verdict::EqualExact);
    EXPECT_EQ(certified(exact("0", "0"), r, true, 2048), Verdict::EqualExact) << "MPFI's [0, 0] alike";
    EXPECT_TRUE(is_settled(Verdict::EqualExact, zero, r, kPolicy)) << "the binary64 tier keeps it";
  }
  for (Relation r : {Relation::Less, Relation::Greater}) EXPECT_EQ(certified(zero, r), Verdict::Violated);
  EXPECT_EQ(certified(zero, Relation::Equal), Verdict::Proven) << "an equality holding is PROVEN, as before";
  // Only the point 0: an enclosure [0, tiny] is proven with little room, not attained.
  EXPECT_EQ(certified(exact("0", "1e-40")), Verdict::NearTight);
}

TEST_F(VerdictRules, CertainlyNegativeSlackIsViolated) {
  EXPECT_EQ(certified(enclosure("-0.75", "-0.5")), Verdict::Violated);
  EXPECT_EQ(certified(exact("-1e-300", "-1e-300")), Verdict::Violated);
}

TEST_F(VerdictRules, StraddlingSlackIsInconclusiveBeforeTheCapAndNeverProven) {
  EXPECT_EQ(certified(enclosure("-0.001", "0.001")), Verdict::Inconclusive);
  EXPECT_TRUE(needs_more_precision(Verdict::Inconclusive));
  EXPECT_FALSE(needs_more_precision(Verdict::Violated));
}

TEST_F(VerdictRules, NarrowStraddleAtTheCapIsTightWideIsInconclusive) {
  const std::string tiny = "1e-40";  // far below 2^-(128-8) ~ 7.5e-37
  EXPECT_EQ(certified(exact("-" + tiny, tiny), Relation::LessEqual, true, 128), Verdict::Tight);
  EXPECT_EQ(certified(exact("-1e-30", "1e-30"), Relation::LessEqual, true, 128), Verdict::Inconclusive);
  // The same narrow straddle is not TIGHT before the final precision.
  EXPECT_EQ(certified(exact("-" + tiny, tiny), Relation::LessEqual, false, 128), Verdict::Inconclusive);
}

TEST_F(VerdictRules, StrictRelationsNeedPositiveSlack) {
  EXPECT_EQ(certified(exact("0", "1"), Relation::Less), Verdict::Inconclusive);
  EXPECT_EQ(certified(exact("0", "0"), Relation::Less), Verdict::Violated);
  EXPECT_EQ(certified(exact("0.5", "1"), Relation::Greater), Verdict::Proven);
}

TEST_F(VerdictRules, EqualityIsProvenOnlyWhenExact) {
  EXPECT_EQ(certified(exact("0", "0"), Relation::Equal), Verdict::Proven) << "an equality has no slack to be near";
  EXPECT_EQ(certified(exact("-1e-40", "1e-40"), Relation::Equal), Verdict::Inconclusive);
  EXPECT_EQ(certified(exact("1e-40", "2e-40"), Relation::Equal), Verdict::Violated);
}

TEST_F(VerdictRules, NanEnclosuresAreNeverDecided) {
  SlackEnclosure nan = exact("0.5", "0.75");
  nan.lo = not_a_number<Mpfr>();
  nan.known = false;
  EXPECT_EQ(certified(nan), Verdict::Inconclusive);
  EXPECT_EQ(certified(nan, Relation::LessEqual, true), Verdict::Inconclusive);
  EXPECT_EQ(classify(nan, Relation::LessEqual, Evidence::Statistical, kPolicy, 128, true),
            Verdict::UndecidedStatistical);

  Claim<Interval> c;
  c.bound = Interval(1);
  c.value = not_a_number<Interval>();
  EXPECT_FALSE(slack_of(c).known);
  EXPECT_EQ(certified(slack_of(c), Relation::LessEqual, true), Verdict::Inconclusive);
}

// An infinite end is the overflow of a valid enclosure (MPFR's exponent range ends near
// 10^323228496): the finite end still decides; only both ends infinite leave nothing decided. Such
// slacks were INCONCLUSIVE at every precision.
TEST_F(VerdictRules, AnInfiniteEndLeavesTheDecisionToTheFiniteOne) {
  EXPECT_EQ(certified(exact("1e323228496", "inf")), Verdict::Proven);
  EXPECT_EQ(certified(exact("1e323228496", "inf"), Relation::Greater), Verdict::Proven);
  EXPECT_EQ(certified(exact("-inf", "-1e-300")), Verdict::Violated);
  EXPECT_EQ(certified(exact("1e-300", "inf"), Relation::Equal), Verdict::Violated);
  EXPECT_EQ(certified(exact("-inf", "inf"), Relation::LessEqual, true), Verdict::Inconclusive);
  EXPECT_EQ(certified(exact("-1e-40", "inf"), Relation::LessEqual, true), Verdict::Inconclusive) << "never TIGHT";
  // A bound that overflows MPFR: e^(10^10) = 2^(1.4e10), beyond its largest exponent 2^30 - 1.
  Claim<Interval> c;
  c.value = Interval(1);
  c.bound = exp(Interval(10000000000LL));
  const SlackEnclosure s = slack_of(c);
  ASSERT_TRUE(s.known);
  EXPECT_FALSE(is_finite_value(s.hi)) << "the bound's enclosure overflowed";
  EXPECT_EQ(certified(s, Relation::LessEqual, true), Verdict::Proven);
  EXPECT_GE(s.relative_lo, 0) << "the relative slack has the slack's certain sign";
}

TEST_F(VerdictRules, StatisticalClaimsGetStatisticalVerdicts) {
  const auto stat = [](const SlackEnclosure& s) {
    return classify(s, Relation::LessEqual, Evidence::Statistical, kPolicy, 128, false);
  };
  EXPECT_EQ(stat(exact("0.1", "0.2")), Verdict::HoldsStatistical);
  EXPECT_EQ(stat(exact("-0.2", "-0.1")), Verdict::ViolatedStatistical);
  EXPECT_EQ(stat(exact("-0.1", "0.1")), Verdict::UndecidedStatistical);
}

// The binary64 tier keeps exactly the verdicts that a narrower enclosure would not change.
TEST_F(VerdictRules, SettledVerdictsAreThoseANarrowerEnclosureKeeps) {
  const auto settled = [](Verdict v, const SlackEnclosure& s, Relation r = Relation::LessEqual) {
    return is_settled(v, s, r, kPolicy);
  };
  EXPECT_TRUE(settled(Verdict::Proven, exact("0.5", "0.75")));
  EXPECT_FALSE(settled(Verdict::Proven, exact("0.0001", "0.75"))) << "could still become NEAR-TIGHT";
  EXPECT_TRUE(settled(Verdict::Violated, exact("-2", "-1")));
  EXPECT_FALSE(settled(Verdict::Inconclusive, exact("-1", "1")));
  EXPECT_FALSE(settled(Verdict::Tight, exact("-1e-40", "1e-40")));
  EXPECT_TRUE(settled(Verdict::HoldsStatistical, exact("0.1", "0.2")));
  // A wide straddle in binary64 can come from underflow (weights e^-800 at T = 0.01 are 0 there),
  // not only from the samples: MPFI's exponent range may still decide it.
  EXPECT_FALSE(settled(Verdict::UndecidedStatistical, exact("-0.03", "0.7")));
}

TEST_F(VerdictRules, TheDecidingClaimIsTheMostSevere) {
  const std::vector<Verdict> v = {Verdict::Proven, Verdict::Tight, Verdict::Violated, Verdict::NearTight};
  const std::vector<SlackEnclosure> s(4, exact("0", "1"));
  EXPECT_EQ(deciding_claim(v, s), 2u);
  const std::vector<Verdict> w = {Verdict::Proven, Verdict::NearTight, Verdict::Proven};
  EXPECT_EQ(deciding_claim(w, s), 1u);
}

TEST_F(VerdictRules, RelativeSlackIsRelativeToTheBound) {
  const SlackEnclosure s = enclosure("1", "1", "4");
  EXPECT_FALSE(s.relative_is_absolute);
  EXPECT_LE(s.relative_lo, Mpfr("0.25"));
  EXPECT_GE(s.relative_hi, Mpfr("0.25"));
  EXPECT_LT(s.relative_hi - s.relative_lo, Mpfr("1e-30"));
}

TEST(VerdictNames, KeysRoundTrip) {
  for (int v = 0; v < kVerdictCount; ++v) EXPECT_EQ(static_cast<int>(verdict_from_key(verdict_key(static_cast<Verdict>(v)))), v);
  EXPECT_STREQ(verdict_name(Verdict::NearTight), "NEAR-TIGHT");
}

// A key that names no verdict (a results or pinned-case file's typo, a verdict's display name, an
// empty text) is an InputError that names it, never a verdict of its own choosing.
TEST(VerdictNames, AnUnknownKeyIsAnInputErrorNamingIt) {
  for (const std::string key : {"maybe", "TIGHT", "tight ", ""}) {
    try {
      const Verdict v = verdict_from_key(key);
      ADD_FAILURE() << "'" << key << "' read as " << verdict_name(v);
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + key + "'"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace nb
