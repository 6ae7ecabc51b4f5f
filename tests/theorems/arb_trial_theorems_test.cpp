// The Arb trial (bench/arb_vs_mpfi.cpp) compares ArbInterval with MPFI on the same
// templated evaluations: both enclose the same exact numbers, so on every case of a theorem's
// suite each claim's value, bound and slack must overlap wherever both types know them. The suites
// are the theorems' default generators at a printed seed, both types at the same precision.
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "theorems/arb_trial_theorems.hpp"
#include "verify/engine/slack.hpp"

namespace nb::theorems {
namespace arb_trial_theorems_test {

template <class T>
void expect_enclosures_overlap(std::size_t count, unsigned bits) {
  const std::uint64_t seed = 2026120113;
  std::cout << T::info().id << ": seed " << seed << ", " << count << " cases at " << bits << " bits\n";
  ArbInterval::set_precision(set_working_precision(bits));
  std::size_t claims = 0, arb_unknown = 0, mpfi_unknown = 0;
  // Overlap where both know something; NaN (unknown) is no claim. Arb's sqrt of a ball reaching
  // below 0 is unknown where MPFI keeps the right end, so Arb may know less (counted, printed).
  const auto expect_overlap = [&](const ArbInterval& arb, const Interval& mpfi, const std::string& where) {
    if (arb.is_nan()) ++arb_unknown;
    if (mpfi_nan_p(mpfi.backend().data())) ++mpfi_unknown;
    if (arb.is_nan() || mpfi_nan_p(mpfi.backend().data())) return;
    EXPECT_TRUE(overlaps(arb, mpfi)) << where << ": MPFI " << mpfi << ", Arb [" << decimal_down(lower_end_of(arb), 30)
                                     << ", " << decimal_up(upper_end_of(arb), 30) << "]";
  };
  for (const Case& c : T::suite({.seed = seed, .count = count})) {
    const Sides<Interval> m = T::template evaluate<Interval>(c, {});
    const Sides<ArbInterval> a = T::template evaluate<ArbInterval>(c, {});
    ASSERT_EQ(m.claims.size(), a.claims.size()) << c.label;
    for (std::size_t k = 0; k < m.claims.size(); ++k) {
      const std::string where = c.label + ", claim " + m.claims[k].name;
      expect_overlap(a.claims[k].value, m.claims[k].value, where + ": value");
      expect_overlap(a.claims[k].bound, m.claims[k].bound, where + ": bound");
      expect_overlap(slack_value(a.claims[k]), slack_value(m.claims[k]), where + ": slack");
      ++claims;
    }
  }
  std::cout << claims << " claims; unknown (NaN) enclosures among their values, bounds and slacks: Arb "
            << arb_unknown << ", MPFI " << mpfi_unknown << "\n";
  EXPECT_GT(claims, count);  // every case makes at least one claim; most make two
}

TEST(ArbTrial, NormalizerJacobianBoundEnclosuresOverlapMpfi) {
  expect_enclosures_overlap<NormalizerJacobianBound>(24, 256);
}

}  // namespace arb_trial_theorems_test
}  // namespace nb::theorems
