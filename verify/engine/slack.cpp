#include "verify/engine/slack.hpp"
#include "verify/engine/slack_of_enclosure.hpp"

#include <mpfr.h>

#include "verify/numbers/arb_numbers.hpp"

namespace nb {
namespace {

std::string decimal_rounded(const Mpfr& x, int digits, mpfr_rnd_t rnd) {
  const mpfr_srcptr p = x.backend().data();
  if (mpfr_nan_p(p)) return "nan";
  if (mpfr_inf_p(p)) return mpfr_sgn(p) > 0 ? "inf" : "-inf";
  if (mpfr_zero_p(p)) return "0";
  // The digits rounded in direction rnd, laid out here: mpfr_asprintf's %R*g prints the same text
  // at 2.5x the cost (its printf layer), a cost every recorded enclosure pays.
  mpfr_exp_t exponent = 0;
  char* s = mpfr_get_str(nullptr, &exponent, 10, static_cast<std::size_t>(digits), p, rnd);
  std::string text = s;
  mpfr_free_str(s);
  const bool negative = text[0] == '-';
  if (negative) text.erase(0, 1);
  text.erase(text.find_last_not_of('0') + 1);
  return percent_g_layout(negative, text, static_cast<long>(exponent), digits);
}

}  // namespace

template <class R>
SlackEnclosure slack_of(const Claim<R>& claim) {
  return slack_of(claim, slack_value(claim));
}

template <class R>
SlackEnclosure slack_of(const Claim<R>& claim, const R& slack) {
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
template SlackEnclosure slack_of(const Claim<Interval>&, const Interval&);
template SlackEnclosure slack_of(const Claim<DoubleInterval>&, const DoubleInterval&);
template SlackEnclosure slack_of(const Claim<ArbInterval>&, const ArbInterval&);  // recheck's second arithmetic

std::string percent_g_layout(bool negative, const std::string& digits, long exponent, int precision) {
  const long x = exponent - 1;  // exponent of the leading digit
  std::string out = negative ? "-" : "";
  const long n = static_cast<long>(digits.size());
  if (x >= -4 && x < precision) {
    if (x < 0) return out + "0." + std::string(static_cast<std::size_t>(-x - 1), '0') + digits;
    if (n <= x + 1) return out + digits + std::string(static_cast<std::size_t>(x + 1 - n), '0');
    return out + digits.substr(0, static_cast<std::size_t>(x + 1)) + "." + digits.substr(static_cast<std::size_t>(x + 1));
  }
  out += digits.substr(0, 1);
  if (n > 1) out.append(".").append(digits, 1);
  const long ax = x < 0 ? -x : x;
  return out + "e" + (x < 0 ? "-" : "+") + (ax < 10 ? "0" : "") + std::to_string(ax);
}

std::string decimal_down(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDD); }
std::string decimal_up(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDU); }
std::string decimal_near(const Mpfr& x, int digits) { return decimal_rounded(x, digits, MPFR_RNDN); }

}  // namespace nb
