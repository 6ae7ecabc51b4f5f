// Outcomes as bytes between MPI ranks (verify/engine/outcome_bytes.hpp): every field reads back,
// the doubles bit for bit (NaN, -0), the quantities in their order; bytes that end early or hold
// no enumerator are refused.
#include "verify/engine/outcome_bytes.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace nb {
namespace outcome_bytes_test {

CaseOutcome unusual_outcome() {
  CaseOutcome o;
  o.index = 123456789012;
  o.label = std::string("tab\there, NUL \0 inside", 23);
  o.size = 7;
  o.verdict = Verdict::EqualExact;
  o.claim = "upper";
  o.relation = Relation::Greater;
  o.value = {"1.5", "1.50000000000000000000000000000000001", 1.5};
  o.bound = {"-inf", "0", -std::numeric_limits<double>::infinity()};
  o.slack = {"nan", "nan", std::numeric_limits<double>::quiet_NaN()};
  o.relative_slack = {"0", "0", -0.0};
  o.relative_is_absolute = true;
  o.precision_bits = 2048;
  o.sample_doublings = 20;
  o.exact = kExactUndecided + "over the time limit";
  o.quantities = {{"z", {"1", "2", 1.5}}, {"a", {"3", "4", 3.5}}};  // not sorted: the order travels
  o.provenance = {{"layer", "3"}, {"head", "11"}};
  return o;
}

void expect_same_enclosure(const EnclosureText& a, const EnclosureText& b) {
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(a.approx), std::bit_cast<std::uint64_t>(b.approx));
}

TEST(OutcomeBytes, EveryFieldReadsBack) {
  const CaseOutcome o = unusual_outcome();
  ByteWriter w;
  write_outcome(w, o);
  write_outcome(w, CaseOutcome{});
  ByteReader r(w.bytes());
  const CaseOutcome back = read_outcome(r);
  EXPECT_EQ(back.index, o.index);
  EXPECT_EQ(back.label, o.label);
  EXPECT_EQ(back.size, o.size);
  EXPECT_EQ(back.verdict, o.verdict);
  EXPECT_EQ(back.claim, o.claim);
  EXPECT_EQ(back.relation, o.relation);
  expect_same_enclosure(back.value, o.value);
  expect_same_enclosure(back.bound, o.bound);
  expect_same_enclosure(back.slack, o.slack);
  expect_same_enclosure(back.relative_slack, o.relative_slack);
  EXPECT_EQ(back.relative_is_absolute, o.relative_is_absolute);
  EXPECT_EQ(back.precision_bits, o.precision_bits);
  EXPECT_EQ(back.sample_doublings, o.sample_doublings);
  EXPECT_EQ(back.exact, o.exact);
  ASSERT_EQ(back.quantities.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(back.quantities[k].first, o.quantities[k].first);
    expect_same_enclosure(back.quantities[k].second, o.quantities[k].second);
  }
  EXPECT_EQ(back.provenance, o.provenance);
  EXPECT_EQ(read_outcome(r).label, "");
  EXPECT_TRUE(r.at_end());
}

TEST(OutcomeBytes, BytesThatEndEarlyOrHoldNoVerdictAreRefused) {
  ByteWriter w;
  write_outcome(w, unusual_outcome());
  const std::string cut = w.bytes().substr(0, w.bytes().size() - 1);
  ByteReader early(cut);
  EXPECT_THROW(read_outcome(early), std::logic_error);
  ByteWriter bad;
  bad.integer(0);
  bad.text("label");
  bad.integer(1);
  bad.integer(99);  // no verdict
  ByteReader no_verdict(bad.bytes());
  EXPECT_THROW(read_outcome(no_verdict), std::logic_error);
}

}  // namespace outcome_bytes_test
}  // namespace nb
