#include "verify/slack.hpp"

#include <mpfr.h>

namespace nb {
namespace {

std::string decimal_rounded(const Mpfr& x, int digits, mpfr_rnd_t rnd) {
  const mpfr_srcptr p = x.backend().data();
  if (mpfr_nan_p(p)) return "nan";
  if (mpfr_inf_p(p)) return mpfr_sgn(p) > 0 ? "inf" : "-inf";
  if (mpfr_zero_p(p)) return "0";
  char* s = nullptr;
  mpfr_asprintf(&s, rnd == MPFR_RNDD ? "%.*RDg" : rnd == MPFR_RNDU ? "%.*RUg" : "%.*RNg", digits, p);
  std::string out = s;
  mpfr_free_str(s);
  return out;
}

}  // namespace

template <class R>
SlackEnclosure slack_of(const Claim<R>& claim) {
  const R slack = slack_value(claim);
  const R magnitude = abs(claim.bound);
  SlackEnclosure s;
  s.lo = mpfr_rounded_down(lower_end_of(slack));
  s.hi = mpfr_rounded_up(upper_end_of(slack));
  s.bound_magnitude = mpfr_rounded_up(upper_end_of(magnitude));
  s.known = !isnan(s.lo) && !isnan(s.hi) && !isnan(s.bound_magnitude) && !isnan(mpfr_rounded_down(lower_end_of(magnitude)));
  if (s.known && lower_end_of(magnitude) > 0) {
    const R rel = slack / magnitude;
    s.relative_lo = mpfr_rounded_down(lower_end_of(rel));
    s.relative_hi = mpfr_rounded_up(upper_end_of(rel));
    if (s.lo >= 0 && !(s.relative_lo >= 0)) s.relative_lo = 0;
    if (s.hi <= 0 && !(s.relative_hi <= 0)) s.relative_hi = 0;
  } else {
    s.relative_lo = s.lo;
    s.relative_hi = s.hi;
    s.relative_is_absolute = true;
  }
  return s;
}

template SlackEnclosure slack_of(const Claim<Interval>&);
template SlackEnclosure slack_of(const Claim<DoubleInterval>&);

std::string decimal_down(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDD); }
std::string decimal_up(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDU); }
std::string decimal_near(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDN); }

}  // namespace nb
