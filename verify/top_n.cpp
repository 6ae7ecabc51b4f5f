#include "verify/top_n.hpp"

#include <algorithm>
#include <numeric>
#include <regex>

#include <gmp.h>

#include "verify/errors.hpp"

namespace nb {
namespace {

// An exact rational, owned (GMP's C interface, RAII).
class Rational {
 public:
  Rational() { mpq_init(q_); }
  ~Rational() { mpq_clear(q_); }
  Rational(const Rational&) = delete;
  Rational& operator=(const Rational&) = delete;
  mpq_ptr get() { return q_; }
  mpq_srcptr get() const { return q_; }

 private:
  mpq_t q_;
};

// Sets `out` to the exact value of entry i: binary64 values exactly (mpq_set_d is exact), a
// fraction "p/q" as itself, a decimal literal d.ddd e k as its digits times a power of ten.
void exact_value(const ExactTensor& t, std::size_t i, Rational& out) {
  if (t.is_dyadic(i)) {
    mpq_set_d(out.get(), t.approx(i));
    return;
  }
  std::string text = t.text(i);
  if (!text.empty() && text[0] == '+') text.erase(0, 1);
  if (text.find('/') != std::string::npos) {
    if (mpq_set_str(out.get(), text.c_str(), 10) != 0) throw InputError("cannot read '" + text + "' as a fraction");
    mpq_canonicalize(out.get());
    return;
  }
  static const std::regex decimal(R"(([-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?)");
  std::smatch m;
  if (!std::regex_match(text, m, decimal)) throw InputError("cannot read '" + text + "' as a decimal");
  const std::string digits = m[2].str() + m[3].str();
  const long exponent = (m[4].matched ? std::stol(m[4].str()) : 0) - static_cast<long>(m[3].length());
  mpz_t scale;
  mpz_init(scale);
  mpz_set_str(mpq_numref(out.get()), digits.empty() ? "0" : digits.c_str(), 10);
  mpz_set_ui(mpq_denref(out.get()), 1);
  mpz_ui_pow_ui(scale, 10, static_cast<unsigned long>(exponent < 0 ? -exponent : exponent));
  if (exponent < 0)
    mpz_mul(mpq_denref(out.get()), mpq_denref(out.get()), scale);
  else
    mpz_mul(mpq_numref(out.get()), mpq_numref(out.get()), scale);
  mpz_clear(scale);
  mpq_canonicalize(out.get());
  if (m[1].length() > 0) mpq_neg(out.get(), out.get());
}

}  // namespace

Selection selection_of(std::size_t L, std::vector<std::size_t> selected) {
  Selection s;
  s.rest.reserve(L - selected.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < L; ++i) {
    if (k < selected.size() && selected[k] == i)
      ++k;
    else
      s.rest.push_back(i);
  }
  s.selected = std::move(selected);
  return s;
}

Selection top_n(const ExactTensor& values, std::size_t N) {
  const std::size_t L = values.size();
  std::vector<std::size_t> order(L);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (values.all_dyadic()) {
    // Binary64 values compare exactly as doubles.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return values.approx(a) > values.approx(b); });
  } else {
    std::vector<Rational> exact(L);
    for (std::size_t i = 0; i < L; ++i) exact_value(values, i, exact[i]);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return mpq_cmp(exact[a].get(), exact[b].get()) > 0;
    });
  }
  // stable_sort keeps equal values in increasing index order: the tie-break.
  order.resize(N);
  std::sort(order.begin(), order.end());
  return selection_of(L, std::move(order));
}

bool exactly_equal(const ExactTensor& values, std::size_t i, std::size_t j) {
  if (values.is_dyadic(i) && values.is_dyadic(j)) return values.approx(i) == values.approx(j);
  Rational a, b;
  exact_value(values, i, a);
  exact_value(values, j, b);
  return mpq_equal(a.get(), b.get()) != 0;
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  k = std::min(k, n - k);
  unsigned __int128 r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;  // exact: r * (n-k+i) is i times C(n-k+i, i)
    if (r > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(r);
}

}  // namespace nb
