// Box results as bytes (verify/prove/box_result_bytes.hpp): every field reads back exactly, so
// that every MPI rank of a region proof builds the same tree from rank 0's bytes.
#include "verify/prove/box_result_bytes.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace nb::prove {
namespace box_result_bytes_test {

TEST(BoxResultBytes, EveryFieldReadsBackExactly) {
  BoxResult cut;  // undecided, to be cut, with a candidate counterexample
  cut.tier = Tier::Mpfi;
  cut.bits = 256;
  mpfr_set_prec(cut.slack_lo.backend().data(), 256);  // -1/3 at 256 bits, above the reader's precision
  mpfr_set_si(cut.slack_lo.backend().data(), -1, MPFR_RNDN);
  mpfr_div_ui(cut.slack_lo.backend().data(), cut.slack_lo.backend().data(), 3, MPFR_RNDN);
  cut.cut = 3;
  cut.candidate = std::vector<Rational>{Rational(-1, 3), Rational(0), Rational(123456789, 1) / Rational(Integer(1) << 100)};
  BoxResult leaf;  // decided, no cut, slack unknown
  leaf.status = BoxStatus::OutsideAssumptions;
  leaf.slack_lo = not_a_number<Mpfr>();
  ByteWriter w;
  write_box_result(w, cut);
  write_box_result(w, std::nullopt);  // not reached before the deadline
  write_box_result(w, leaf);
  ByteReader r(w.bytes());
  const std::optional<BoxResult> cut_read = read_box_result(r);
  EXPECT_FALSE(read_box_result(r).has_value());
  const std::optional<BoxResult> leaf_read = read_box_result(r);
  EXPECT_TRUE(r.at_end());
  ASSERT_TRUE(cut_read && leaf_read);
  EXPECT_EQ(cut_read->status, BoxStatus::Undecided);
  EXPECT_EQ(cut_read->tier, Tier::Mpfi);
  EXPECT_EQ(cut_read->bits, 256u);
  EXPECT_EQ(mpfr_get_prec(cut_read->slack_lo.backend().data()), 256);
  EXPECT_TRUE(mpfr_equal_p(cut_read->slack_lo.backend().data(), cut.slack_lo.backend().data()));
  EXPECT_EQ(cut_read->cut, 3);
  EXPECT_EQ(cut_read->candidate, cut.candidate);
  EXPECT_EQ(leaf_read->status, BoxStatus::OutsideAssumptions);
  EXPECT_EQ(leaf_read->tier, Tier::Binary64);
  EXPECT_TRUE(isnan(leaf_read->slack_lo));
  EXPECT_EQ(leaf_read->cut, -1);
  EXPECT_FALSE(leaf_read->candidate.has_value());
}

TEST(BoxResultBytes, BytesEndingEarlyAreRefused) {
  BoxResult result;
  result.slack_lo = 1;
  result.candidate = std::vector<Rational>{Rational(1, 2)};
  ByteWriter w;
  write_box_result(w, result);
  const std::string cut_short = w.bytes().substr(0, w.bytes().size() - 1);
  ByteReader r(cut_short);
  EXPECT_THROW(read_box_result(r), std::logic_error);
}

}  // namespace box_result_bytes_test
}  // namespace nb::prove
