// Byte images of numbers passed between processes (verify/engine/process_bytes.hpp): every MPFR number
// and MPFI interval reads back bit for bit with its precision, whatever the reader's working
// precision, special values included; bytes that end early are refused.
#include "verify/engine/process_bytes.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include <mpfi.h>
#include <mpfr.h>

namespace nb {
namespace process_bytes_test {

// x at `bits` bits: 1/3 rounded, times 2^exponent.
Mpfr third(unsigned bits, long exponent) {
  Mpfr x;
  mpfr_set_prec(x.backend().data(), bits);
  mpfr_set_ui(x.backend().data(), 1, MPFR_RNDN);
  mpfr_div_ui(x.backend().data(), x.backend().data(), 3, MPFR_RNDN);
  mpfr_mul_2si(x.backend().data(), x.backend().data(), exponent, MPFR_RNDN);
  return x;
}

// Restores the thread's working precision at the end of a test that changes it.
struct SavedPrecision {
  unsigned bits = working_precision();
  ~SavedPrecision() { set_working_precision(bits); }
};

bool identical(const Mpfr& a, const Mpfr& b) {
  const mpfr_srcptr x = a.backend().data(), y = b.backend().data();
  if (mpfr_get_prec(x) != mpfr_get_prec(y)) return false;
  if (mpfr_nan_p(x) || mpfr_nan_p(y)) return mpfr_nan_p(x) && mpfr_nan_p(y);
  return mpfr_equal_p(x, y) && mpfr_signbit(x) == mpfr_signbit(y);
}

TEST(ProcessBytes, NumbersReadBackBitForBit) {
  const SavedPrecision saved;
  std::vector<Mpfr> numbers;
  for (unsigned bits : {2u, 53u, 64u, 65u, 2048u, 65536u})
    for (long exponent : {-100000L, -1L, 0L, 7L, 1000000L}) numbers.push_back(third(bits, exponent));
  for (double special : {0.0, -0.0, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::quiet_NaN()}) {
    Mpfr x = third(300, 0);
    mpfr_set_d(x.backend().data(), special, MPFR_RNDN);
    numbers.push_back(x);
  }
  ByteWriter w;
  w.integer(0xfedcba9876543210ULL);
  for (const Mpfr& x : numbers) w.number(x);
  w.text("reason");
  set_working_precision(64);  // the reader's precision must not matter
  ByteReader r(w.bytes());
  EXPECT_EQ(r.integer(), 0xfedcba9876543210ULL);
  for (const Mpfr& x : numbers) {
    const Mpfr y = r.number();
    EXPECT_TRUE(identical(x, y)) << mpfr_get_prec(x.backend().data()) << " bits";
  }
  EXPECT_EQ(r.text(), "reason");
  EXPECT_TRUE(r.at_end());
}

TEST(ProcessBytes, IntervalsReadBackWithBothEnds) {
  const SavedPrecision saved;
  set_working_precision(2048);
  const Interval x = between(third(2048, 0), third(2048, 1));
  ByteWriter w;
  w.interval(x);
  set_working_precision(64);
  ByteReader r(w.bytes());
  const Interval y = r.interval();
  EXPECT_EQ(mpfi_get_prec(y.backend().data()), 2048) << "the ends keep their precision, not the reader's";
  EXPECT_NE(mpfr_equal_p(&x.backend().data()->left, &y.backend().data()->left), 0);
  EXPECT_NE(mpfr_equal_p(&x.backend().data()->right, &y.backend().data()->right), 0);
  EXPECT_EQ(mpfr_cmp(&y.backend().data()->left, &y.backend().data()->right), -1) << "a proper interval";
}

TEST(ProcessBytes, BytesThatEndEarlyAreRefused) {
  ByteWriter w;
  w.number(third(128, 3));
  for (std::size_t cut : {std::size_t{0}, std::size_t{5}, w.bytes().size() - 1}) {
    const std::string truncated = w.bytes().substr(0, cut);
    ByteReader r(truncated);
    EXPECT_THROW(r.number(), std::logic_error) << cut;
  }
}

}  // namespace process_bytes_test
}  // namespace nb
