#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "verify/engine/slack.hpp"

namespace nb {
namespace decimal_rounded_test {  // named: its tests share unity batches with the other verify tests

// What MPFR's own printf prints for x rounded in direction rnd: the text decimal_down,
// decimal_up and decimal_near lay out themselves from mpfr_get_str's digits.
std::string mpfr_printf_text(const Mpfr& x, int digits, mpfr_rnd_t rnd) {
  char* s = nullptr;
  mpfr_asprintf(&s, rnd == MPFR_RNDD ? "%.*RDg" : rnd == MPFR_RNDU ? "%.*RUg" : "%.*RNg", digits,
                x.backend().data());
  std::string out = s;
  mpfr_free_str(s);
  return out;
}

TEST(DecimalRounded, PrintsWhatMpfrPrintfPrints) {
  set_working_precision(128);
  std::mt19937_64 rng(20261202);
  Mpfr x, power;
  const mpfr_ptr p = x.backend().data();
  for (int k = 0; k < 40000; ++k) {
    switch (k % 4) {
      case 0: {  // any finite double
        double d = 0;
        do {
          const std::uint64_t bits = rng();
          std::memcpy(&d, &bits, sizeof d);
        } while (!std::isfinite(d));
        x = point_of<Mpfr>(d);
        break;
      }
      case 1:  // 128-bit values far outside binary64's range
        mpfr_set_ui(p, rng(), MPFR_RNDN);
        mpfr_mul_2si(p, p, static_cast<long>(rng() % 4000) - 2000, MPFR_RNDN);
        if (rng() & 1) mpfr_neg(p, p, MPFR_RNDN);
        break;
      case 2:  // short decimals and their neighbours, near powers of ten
        mpfr_set_si(p, static_cast<long>(rng() % 2001) - 1000, MPFR_RNDN);
        mpfr_ui_pow_ui(power.backend().data(), 10, rng() % 40, MPFR_RNDN);
        if (rng() & 1) mpfr_div(p, p, power.backend().data(), MPFR_RNDN);
        else mpfr_mul(p, p, power.backend().data(), MPFR_RNDN);
        if (rng() & 1) mpfr_nextabove(p);
        else if (rng() & 1) mpfr_nextbelow(p);
        break;
      default:  // runs of nines that carry into the next power of ten when rounded up
        mpfr_set_ui(p, 1, MPFR_RNDN);
        mpfr_sub(p, p, point_of<Mpfr>(std::ldexp(1.0, -static_cast<int>(rng() % 120))).backend().data(), MPFR_RNDN);
        mpfr_mul_2si(p, p, static_cast<long>(rng() % 200) - 100, MPFR_RNDN);
        if (rng() & 1) mpfr_neg(p, p, MPFR_RNDN);
    }
    if (mpfr_zero_p(p)) continue;  // printed "0", not by MPFR
    for (const int digits : {3, 6, 17, 36}) {
      ASSERT_EQ(decimal_down(x, digits), mpfr_printf_text(x, digits, MPFR_RNDD)) << k;
      ASSERT_EQ(decimal_up(x, digits), mpfr_printf_text(x, digits, MPFR_RNDU)) << k;
      ASSERT_EQ(decimal_near(x, digits), mpfr_printf_text(x, digits, MPFR_RNDN)) << k;
    }
  }
}

TEST(DecimalRounded, PrintsZeroAndNonFiniteValuesAsWords) {
  EXPECT_EQ(decimal_down(Mpfr(0)), "0");
  EXPECT_EQ(decimal_up(point_of<Mpfr>(-0.0)), "0");
  EXPECT_EQ(decimal_up(point_of<Mpfr>(std::nan(""))), "nan");
  EXPECT_EQ(decimal_down(point_of<Mpfr>(-HUGE_VAL)), "-inf");
  EXPECT_EQ(decimal_up(point_of<Mpfr>(HUGE_VAL)), "inf");
}

}  // namespace decimal_rounded_test
}  // namespace nb
