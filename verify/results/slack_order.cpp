#include "verify/results/slack_order.hpp"

#include <mpfr.h>

namespace nb {
namespace {

// An MPFR number at 128 bits, freed on scope exit.
class Fixed128 {
 public:
  Fixed128() { mpfr_init2(x_, 128); }
  ~Fixed128() { mpfr_clear(x_); }
  Fixed128(const Fixed128&) = delete;
  Fixed128& operator=(const Fixed128&) = delete;
  mpfr_ptr get() { return x_; }

 private:
  mpfr_t x_;
};

}  // namespace

bool SlackOrder::operator<(const SlackOrder& other) const {
  if (finite != other.finite) return finite;
  if (!finite || sign != other.sign) return finite && sign < other.sign;
  if (sign == 0) return false;
  return sign > 0 ? log10_abs < other.log10_abs : log10_abs > other.log10_abs;
}

SlackOrder slack_order(const EnclosureText& e) {
  Fixed128 lo, hi;
  // The text is what decimal_down/decimal_up print ("nan", "inf", "-inf" included), all of which
  // mpfr_set_str reads.
  mpfr_set_str(lo.get(), e.lo.c_str(), 10, MPFR_RNDN);
  mpfr_set_str(hi.get(), e.hi.c_str(), 10, MPFR_RNDN);
  SlackOrder o;
  if (!mpfr_number_p(lo.get()) || !mpfr_number_p(hi.get())) return o;
  mpfr_add(lo.get(), lo.get(), hi.get(), MPFR_RNDN);
  mpfr_div_2ui(lo.get(), lo.get(), 1, MPFR_RNDN);
  o.finite = true;
  o.sign = mpfr_sgn(lo.get());
  if (o.sign != 0) {
    mpfr_abs(lo.get(), lo.get(), MPFR_RNDN);
    mpfr_log10(lo.get(), lo.get(), MPFR_RNDN);
    o.log10_abs = mpfr_get_d(lo.get(), MPFR_RNDN);
  }
  return o;
}

std::optional<double> log10_of_positive_midpoint(const EnclosureText& e) {
  const SlackOrder o = slack_order(e);
  if (!o.finite || o.sign <= 0) return std::nullopt;
  return o.log10_abs;
}

}  // namespace nb
