// Differential fuzzing of the binary64 tier: every kernel of verify/numbers/double_interval.hpp and of the
// code built on it (dot products, sums of squares, row sums, the Gram matrix with its error bound,
// shifted logits, the pair-distance screen, the secular-root bracket of the softmax Jacobian's
// norm) against MPFI on the same inputs, at 1000 bits or more (2200 or 4400 where that makes sums
// and products of binary64 numbers exact). A check fails when the binary64 result does not
// contain the reference enclosure, breaks DoubleInterval's invariants (lo <= hi, lo < +inf,
// hi > -inf), or is unknown (NaN) where the reference is finite; a screen fails when its
// candidates miss the exact extreme, the secular root when its bracket misses the exact root.
// Inputs are random and adversarial: ends within a few ulps of +-DBL_MAX, subnormals, mixed
// magnitudes, cancelling operands, tied and nearly tied rows. A reference that is NaN (an
// operation undefined on part of the box) gives no check.
//   binary64_differential [--seed N] [--scale X] [--kernel NAME]
// prints per kernel: checks, failures, and the options that replay it (--seed N --scale X --kernel NAME);
// each failure's inputs are printed exactly (%a); exits 1 on any failure, 64 on a usage error.
// --scale multiplies every kernel's count of checks (1: 3.2 million checks, about 25 s in a Release
// build on one core).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/dot_product.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/kernels/gram_matrix.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/pair_distances.hpp"
#include "verify/kernels/row_sums.hpp"
#include "verify/engine/seed.hpp"
#include "verify/kernels/shifted_logits.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"

namespace nb {
namespace binary64_differential {

using random::Rng;
using I = DoubleInterval;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();

// ---- inputs -------------------------------------------------------------------------------

int uniform_int(Rng& rng, int lo, int hi) {
  return lo + static_cast<int>(random::uniform_index(rng, 0, static_cast<std::size_t>(hi - lo)));
}

double with_random_sign(Rng& rng, double x) { return rng() & 1 ? -x : x; }

// x moved k neighbours up (k > 0) or down (k < 0), stopping at +-DBL_MAX (never infinite).
double nudged(double x, int k) {
  for (; k > 0 && x < kMax; --k) x = I::up(x);
  for (; k < 0 && x > -kMax; ++k) x = I::down(x);
  return x;
}

// The binary64 number k places below the positive finite x in the order of their bit patterns
// (above for k < 0), for offsets too large to step: positive, finite.
double below(double x, std::int64_t k) {
  const auto bits = static_cast<std::int64_t>(std::bit_cast<std::uint64_t>(x)) - k;
  return std::bit_cast<double>(static_cast<std::uint64_t>(
      std::clamp<std::int64_t>(bits, 1, static_cast<std::int64_t>(std::bit_cast<std::uint64_t>(kMax)))));
}

// A non-negative binary64 number from the regions where binary64 arithmetic goes wrong, or from
// ordinary ones.
double adversarial_magnitude(Rng& rng) {
  switch (rng() % 9) {
    case 0:
      return std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, -1074, 1023));
    case 1:
      return below(kMax, static_cast<std::int64_t>(rng() >> uniform_int(rng, 20, 63)));  // within 2^44 ulps
    case 2:
      return std::bit_cast<double>(rng() >> uniform_int(rng, 12, 63));  // subnormal (or 0)
    case 3:
      return std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, -30, 30));
    case 4:
      return static_cast<double>(rng() % 17);
    case 5:
      return std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, 900, 1023));
    case 6:
      return std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, -1022, -900));
    case 7:
      return std::ldexp(1.0, uniform_int(rng, -1074, 1023));
    default:
      return nudged(0x1p-1022, uniform_int(rng, -3, 3));  // around the smallest normal
  }
}

double adversarial_double(Rng& rng) { return with_random_sign(rng, adversarial_magnitude(rng)); }

// A second operand for x: unrelated, or one that cancels it (-x or x give or take a few ulps), or
// x scaled by a power of two.
double partner_of(Rng& rng, double x) {
  switch (rng() % 5) {
    case 0:
      return nudged(-x, uniform_int(rng, -3, 3));
    case 1:
      return nudged(x, uniform_int(rng, -3, 3));
    case 2: {
      const double y = std::ldexp(x, uniform_int(rng, -60, 60));
      return std::isfinite(y) ? y : x;
    }
    default:
      return adversarial_double(rng);
  }
}

// An interval near x: the point x, x and a neighbour a few ulps away, x and a partner, or
// (rarely) a half-line from x.
I box_near(Rng& rng, double x) {
  switch (rng() % 10) {
    case 0:
    case 1:
    case 2:
    case 3:
      return I(x);
    case 4:
    case 5:
      return I::from_ends(x, nudged(x, uniform_int(rng, 1, 4)));
    case 6:
      return rng() & 1 ? I::from_ends(-kInf, x) : I::from_ends(x, kInf);
    default: {
      const double y = partner_of(rng, x);
      return I::from_ends(std::min(x, y), std::max(x, y));
    }
  }
}

I adversarial_box(Rng& rng) { return box_near(rng, adversarial_double(rng)); }

// ---- references and checks -----------------------------------------------------------------

Interval reference_of(const I& x) { return enclosure_of_doubles<Interval>(x.lower(), x.upper()); }

bool is_nan(const Interval& x) { return mpfi_nan_p(x.backend().data()) != 0; }

std::string text(double x) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%a", x);
  return buffer;
}
std::string text(const I& x) { return "[" + text(x.lower()) + ", " + text(x.upper()) + "]"; }
std::string text(const Vector<I>& x) {
  std::string s = "(";
  for (Eigen::Index k = 0; k < x.size(); ++k) s += (k ? " " : "") + text(x[k]);
  return s + ")";
}
std::string text(const std::vector<double>& x) {
  std::string s = "(";
  for (std::size_t k = 0; k < x.size(); ++k) s += (k ? " " : "") + text(x[k]);
  return s + ")";
}
std::string text(const Interval& x) {
  std::ostringstream out;
  out << std::setprecision(20) << x;
  return out.str();
}

// Whether the binary64 result `fast` is a sound answer where MPFI gives the non-NaN `reference`:
// DoubleInterval's invariants hold and it contains the reference, or it is unknown (NaN) where
// the reference is not finite.
bool encloses(const I& fast, const Interval& reference) {
  if (fast.is_nan()) return !is_finite_value(reference);
  if (fast.lower() > fast.upper() || fast.lower() == kInf || fast.upper() == -kInf) return false;
  return mpfr_rounded_down(fast.lower()) <= lower_end_of(reference) &&
         upper_end_of(reference) <= mpfr_rounded_up(fast.upper());
}

// Checks and failures of one kernel, with the inputs of the first few failures.
struct Tally {
  std::size_t checks = 0, failures = 0;
  std::vector<std::string> examples;

  void record(bool passed, const std::function<std::string()>& describe) {
    ++checks;
    if (passed) return;
    ++failures;
    if (examples.size() < 5) examples.push_back(describe());
  }
  // One containment check, skipped when the reference is NaN (no reference there).
  void enclosure(const I& fast, const Interval& reference, const std::function<std::string()>& input) {
    if (is_nan(reference)) return;
    record(encloses(fast, reference), [&] { return input() + " = " + text(fast) + ", reference " + text(reference); });
  }
};

struct Kernel {
  const char* name;
  std::size_t checks;                     // at --scale 1
  unsigned bits;                          // of the reference
  std::function<void(Rng&, Tally&)> run;  // one or more checks
};

// ---- scalar kernels ---------------------------------------------------------------------------

// Operands within a few ulps of +-DBL_MAX with a partner of the other sign from 2^1000 up, whose
// sum is finite but whose error-free transformation's intermediates may overflow.
std::pair<double, double> near_overflow_pair(Rng& rng) {
  const double x = with_random_sign(rng, below(kMax, uniform_int(rng, 0, 16)));
  const double y = std::copysign(std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, 1000, 1023)), -x);
  return {x, y};
}

Kernel binary_operation(const char* name, I (*fast)(const I&, const I&),
                        Interval (*reference)(const Interval&, const Interval&)) {
  return {name, 400000, 2200, [=](Rng& rng, Tally& tally) {
            double x = adversarial_double(rng), y = partner_of(rng, x);
            if (rng() % 8 == 0) std::tie(x, y) = near_overflow_pair(rng);
            if (std::string(name) == "-") y = -y;  // the same sums, as differences
            I a = box_near(rng, x), b = box_near(rng, y);
            if (rng() & 1) std::swap(a, b);  // TwoSum's intermediates depend on the order
            tally.enclosure(fast(a, b), reference(reference_of(a), reference_of(b)),
                            [&] { return text(a) + " " + name + " " + text(b); });
          }};
}

// A function on boxes drawn by `operand`.
Kernel elementary(const char* name, std::size_t checks, unsigned bits, I (*operand)(Rng&), I (*fast)(const I&),
                  Interval (*reference)(const Interval&)) {
  return {name, checks, bits, [=](Rng& rng, Tally& tally) {
            const I x = operand(rng);
            tally.enclosure(fast(x), reference(reference_of(x)), [&] { return std::string(name) + text(x); });
          }};
}

// Operands of exp and cosh: near their overflow thresholds (about +-709.78 and +-710.48) and
// where they round to 1, beside adversarial ones.
I exponent_operand(Rng& rng) {
  switch (rng() % 4) {
    case 0:
      return box_near(rng, with_random_sign(rng, below(709.782712893384, uniform_int(rng, -1000000, 1000000))));
    case 1:
      return box_near(rng, with_random_sign(rng, random::uniform(rng, 700, 746)));
    case 2:
      return box_near(rng, with_random_sign(rng, std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, -80, 10))));
    default:
      return adversarial_box(rng);
  }
}
// Operands of log and sqrt: within [0, +inf].
I non_negative_operand(Rng& rng) {
  const I x = abs(adversarial_box(rng));
  if (rng() % 8) return x;
  const double near_one = nudged(1.0, uniform_int(rng, -4, 4));  // log's exact point 1
  return I::from_ends(std::min(near_one, x.lower()), std::max(near_one, x.upper()));
}
// Operands of log1p: within [-1, +inf], often near -1 and 0.
I log1p_operand(Rng& rng) {
  switch (rng() % 4) {
    case 0:
      return box_near(rng, nudged(-1.0, uniform_int(rng, 0, 1000)));
    case 1:
      return box_near(rng, with_random_sign(rng, std::ldexp(1.0, uniform_int(rng, -1074, -20))));
    default: {
      const I x = adversarial_box(rng);
      return I::from_ends(std::max(-1.0, x.lower()), std::max(-1.0, x.upper()));
    }
  }
}

Kernel integer_conversion() {
  return {"integer", 200000, 200, [](Rng& rng, Tally& tally) {
            const std::int64_t n = static_cast<std::int64_t>(rng() >> uniform_int(rng, 1, 63)) * (rng() & 1 ? -1 : 1);
            Interval exact;
            mpfi_set_str(exact.backend().data(), std::to_string(n).c_str(), 10);
            tally.enclosure(I(n), exact, [&] { return "integer " + std::to_string(n); });
          }};
}

Kernel scaling() {
  return {"ldexp", 200000, 2200, [](Rng& rng, Tally& tally) {
            const I x = adversarial_box(rng);
            const int n = uniform_int(rng, -2200, 2200);
            tally.enclosure(ldexp(x, n), Interval(ldexp(reference_of(x), n)),
                            [&] { return "ldexp(" + text(x) + ", " + std::to_string(n) + ")"; });
          }};
}

// ---- vector kernels ---------------------------------------------------------------------------

// A vector of n entries in one regime: adversarial, near overflow, subnormal, or ordinary; its
// entries points, or (one vector in three) boxes; a later entry often cancels an earlier one.
Vector<I> adversarial_vector(Rng& rng, Eigen::Index n, bool boxes) {
  const int regime = static_cast<int>(rng() % 4);
  Vector<I> x(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    double v = 0;
    switch (regime) {
      case 0:
        v = adversarial_double(rng);
        break;
      case 1:
        v = with_random_sign(rng, below(kMax, uniform_int(rng, 0, 1 << 20)));
        break;
      case 2:
        v = with_random_sign(rng, std::bit_cast<double>(rng() >> uniform_int(rng, 12, 63)));
        break;
      default:
        v = with_random_sign(rng, std::ldexp(random::uniform(rng, 1, 2), uniform_int(rng, -30, 30)));
        break;
    }
    if (k > 0 && rng() % 3 == 0) v = partner_of(rng, x[rng() % k].lower());
    x[k] = boxes && rng() % 2 ? box_near(rng, v) : I(v);
  }
  return x;
}

Vector<Interval> reference_of(const Vector<I>& x) {
  Vector<Interval> r(x.size());
  for (Eigen::Index k = 0; k < x.size(); ++k) r[k] = reference_of(x[k]);
  return r;
}

Interval square_of(const Interval& x) { return Interval(abs(x) * abs(x)); }

Kernel dot_products() {
  return {"dot_product", 40000, 4400, [](Rng& rng, Tally& tally) {
            const Eigen::Index n = static_cast<Eigen::Index>(random::log_uniform_size(rng, 1, 64));
            const bool boxes = rng() % 3 == 0;
            const Vector<I> x = adversarial_vector(rng, n, boxes), y = adversarial_vector(rng, n, boxes);
            const Vector<Interval> rx = reference_of(x), ry = reference_of(y);
            Interval sum = 0;
            for (Eigen::Index k = 0; k < n; ++k) sum += Interval(rx[k] * ry[k]);
            tally.enclosure(dot_product(x, y), sum, [&] { return text(x) + " . " + text(y); });
          }};
}

Kernel squared_norms() {
  return {"squared_norm", 40000, 4400, [](Rng& rng, Tally& tally) {
            const Eigen::Index n = static_cast<Eigen::Index>(random::log_uniform_size(rng, 1, 64));
            const Vector<I> x = adversarial_vector(rng, n, rng() % 2 == 0);
            Interval sum = 0;
            for (Eigen::Index k = 0; k < n; ++k) sum += square_of(reference_of(x[k]));
            tally.enclosure(squared_norm(x), sum, [&] { return "||" + text(x) + "||^2"; });
          }};
}

Kernel squared_distances() {
  return {"sum_of_squares(a-b)", 40000, 4400, [](Rng& rng, Tally& tally) {
            const Eigen::Index n = static_cast<Eigen::Index>(random::log_uniform_size(rng, 1, 64));
            const bool boxes = rng() % 4 != 0;
            const Vector<I> a = adversarial_vector(rng, n, boxes);
            Vector<I> b = adversarial_vector(rng, n, boxes);
            if (rng() % 2)  // close boxes: differences that cancel
              for (Eigen::Index k = 0; k < n; ++k) b[k] = box_near(rng, nudged(a[k].lower(), uniform_int(rng, -2, 2)));
            Interval sum = 0;
            for (Eigen::Index k = 0; k < n; ++k) sum += square_of(Interval(reference_of(a[k]) - reference_of(b[k])));
            tally.enclosure(sum_of_squares(a - b), sum, [&] { return text(a) + " - " + text(b); });
          }};
}

Kernel row_sums() {
  return {"sum_of_rows", 20000, 2200, [](Rng& rng, Tally& tally) {
            const Eigen::Index L = static_cast<Eigen::Index>(random::log_uniform_size(rng, 1, 40));
            const Eigen::Index d = 1 + static_cast<Eigen::Index>(rng() % 6);
            const bool boxes = rng() % 4 != 0;
            RowMatrix<I> m(L, d);
            for (Eigen::Index k = 0; k < d; ++k) m.col(k) = adversarial_vector(rng, L, boxes);
            std::vector<std::size_t> rows;
            for (Eigen::Index i = 0; i < L; ++i)
              if (rng() % 4) rows.push_back(static_cast<std::size_t>(i));
            const RowVector<I> fast = sum_of_rows(m, rows);
            for (Eigen::Index k = 0; k < d; ++k) {
              Interval sum = 0;
              for (std::size_t i : rows) sum += reference_of(m(static_cast<Eigen::Index>(i), k));
              tally.enclosure(fast[k], sum,
                              [&] { return "column " + std::to_string(k) + " of " + text(Vector<I>(m.col(k))); });
            }
          }};
}

// Binary64 values of one matrix (L x d) in one regime, with repeated and nearly repeated rows.
std::vector<double> adversarial_rows(Rng& rng, std::size_t L, std::size_t d) {
  std::vector<double> x(L * d);
  for (std::size_t i = 0; i < L; ++i) {
    const Vector<I> row = adversarial_vector(rng, static_cast<Eigen::Index>(d), false);
    for (std::size_t k = 0; k < d; ++k) x[i * d + k] = row[static_cast<Eigen::Index>(k)].lower();
    if (i > 0 && rng() % 3 == 0) {
      const std::size_t j = rng() % i;
      for (std::size_t k = 0; k < d; ++k) x[i * d + k] = nudged(x[j * d + k], uniform_int(rng, -1, 1));
    }
  }
  return x;
}

Kernel gram_matrices() {
  return {"gram_matrix", 4000, 4400, [](Rng& rng, Tally& tally) {
            const std::size_t L = random::log_uniform_size(rng, 1, 8), d = random::log_uniform_size(rng, 1, 32);
            const std::vector<double> values = adversarial_rows(rng, L, d);
            const ExactTensor X(L, d, values);
            const Matrix<I> G = binary64_gram_matrix<I>(X);
            for (std::size_t i = 0; i < L; ++i)
              for (std::size_t j = 0; j < L; ++j) {
                Interval dot = 0;
                for (std::size_t k = 0; k < d; ++k)
                  dot += Interval(point_of<Interval>(values[i * d + k]) * point_of<Interval>(values[j * d + k]));
                tally.enclosure(G(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)), dot, [&] {
                  return "<x_" + std::to_string(i) + ", x_" + std::to_string(j) + "> of " + text(values) +
                         " (d = " + std::to_string(d) + ")";
                });
              }
          }};
}

Kernel shifted_logits() {
  return {"logits_minus_maximum", 40000, 2200, [](Rng& rng, Tally& tally) {
            const Eigen::Index L = static_cast<Eigen::Index>(random::log_uniform_size(rng, 1, 16));
            const Vector<I> v = adversarial_vector(rng, L, false);
            std::vector<double> l(static_cast<std::size_t>(L));
            for (Eigen::Index i = 0; i < L; ++i) l[static_cast<std::size_t>(i)] = v[i].lower();
            const Vector<I> fast = logits_minus_maximum<I>(ExactTensor::vector(l));
            const double top = *std::max_element(l.begin(), l.end());
            for (Eigen::Index i = 0; i < L; ++i)
              tally.enclosure(fast[i],
                              Interval(point_of<Interval>(l[static_cast<std::size_t>(i)]) - point_of<Interval>(top)),
                              [&] { return "entry " + std::to_string(i) + " of " + text(l) + " minus its maximum"; });
          }};
}

// ---- the pair-distance screen ------------------------------------------------------------------

// Rows whose entries lie within 2^60 of each other in magnitude (or are 0), so that every squared
// distance is exact at 1000 bits: ordinary, near overflow (the screen then keeps every pair),
// subnormal, with repeated and nearly repeated rows (ties).
std::vector<double> screen_rows(Rng& rng, std::size_t L, std::size_t d) {
  const int scale = std::array{uniform_int(rng, -20, 20), uniform_int(rng, 960, 1020), -1074 + 60,
                               uniform_int(rng, -1000, 1000)}[rng() % 4];
  std::vector<double> x(L * d);
  for (std::size_t i = 0; i < L; ++i) {
    for (std::size_t k = 0; k < d; ++k)
      x[i * d + k] =
          rng() % 8 ? with_random_sign(rng, std::ldexp(random::uniform(rng, 1, 2), scale - uniform_int(rng, 0, 60)))
                    : 0.0;
    if (i > 0 && rng() % 3 == 0) {
      const std::size_t j = rng() % i;
      for (std::size_t k = 0; k < d; ++k) x[i * d + k] = nudged(x[j * d + k], uniform_int(rng, -1, 1));
    }
  }
  return x;
}

Interval squared_distance(const std::vector<double>& x, std::size_t d, std::size_t a, std::size_t b) {
  Interval sum = 0;
  for (std::size_t k = 0; k < d; ++k)
    sum += square_of(Interval(point_of<Interval>(x[a * d + k]) - point_of<Interval>(x[b * d + k])));
  return sum;
}

// Whether the extreme over `candidates` can be the exact extreme over all pairs of `pairs`: for
// the minimum, the least lower end over the candidates is at most the least upper end over all.
bool screen_keeps_extreme(const std::vector<double>& x, std::size_t d, const std::vector<RowPair>& all,
                          const std::vector<RowPair>& candidates, bool minimum) {
  // The extreme over `pairs` of the lower (upper) ends of their squared distances.
  const auto extreme = [&](const std::vector<RowPair>& pairs, bool lower) {
    std::optional<Mpfr> e;
    for (const RowPair& p : pairs) {
      const Interval D = squared_distance(x, d, p.first, p.second);
      const Mpfr end = lower ? lower_end_of(D) : upper_end_of(D);
      e = !e ? end : minimum ? min_of(*e, end) : max_of(*e, end);
    }
    return e;
  };
  const std::optional<Mpfr> over_candidates = extreme(candidates, minimum), over_all = extreme(all, !minimum);
  if (!over_candidates) return false;
  return minimum ? *over_candidates <= *over_all : *over_candidates >= *over_all;
}

Kernel pair_screen() {
  return {"pair_distance_screen", 3000, 1000, [](Rng& rng, Tally& tally) {
            // Mostly small; one matrix in 50 beyond the Gram stage's block of 128 rows.
            const std::size_t L =
                rng() % 50 ? random::log_uniform_size(rng, 2, 60) : random::uniform_index(rng, 129, 260);
            const std::size_t d = random::log_uniform_size(rng, 1, 16);
            const std::vector<double> values = screen_rows(rng, L, d);
            const ExactTensor X(L, d, values);
            const auto input = [&] {
              return text(values) + " (L = " + std::to_string(L) + ", d = " + std::to_string(d) + ")";
            };
            std::vector<RowPair> all;
            for (std::size_t i = 0; i < L; ++i)
              for (std::size_t j = i + 1; j < L; ++j) all.emplace_back(i, j);
            tally.record(screen_keeps_extreme(values, d, all, min_distance_candidates(X), true),
                         [&] { return "minimum over " + input(); });
            std::vector<std::size_t> A, B;
            for (std::size_t i = 0; i < L; ++i) (rng() % 2 ? A : B).push_back(i);
            if (A.empty() || B.empty()) return;
            std::vector<RowPair> cross;
            for (std::size_t a : A)
              for (std::size_t b : B) cross.emplace_back(a, b);
            tally.record(screen_keeps_extreme(values, d, cross, max_distance_candidates(X, A, B), false),
                         [&] { return "maximum across a split of " + input(); });
          }};
}

// ---- the secular-root bracket -----------------------------------------------------------------

// The exact secular function f(x) = 1 - sum_i w_i^2 / (w_i - x) of weights w_i = n_i / N.
Interval secular_reference(const std::vector<std::uint64_t>& n, std::uint64_t N, double x) {
  Interval f = 1;
  const Interval at = point_of<Interval>(x), total = Interval(static_cast<double>(N));
  for (std::uint64_t k : n) {
    const Interval w = Interval(static_cast<double>(k)) / total;
    f -= Interval(w * w / Interval(w - at));
  }
  return f;
}

// Weights n_i / N (sum 1): random, nearly tied at the top, or saturated (one weight near 1).
std::vector<std::uint64_t> weight_numerators(Rng& rng, std::size_t L) {
  std::vector<std::uint64_t> n(L);
  const int regime = static_cast<int>(rng() % 4);
  for (std::uint64_t& k : n) k = 1 + rng() % (regime == 3 ? 8 : std::uint64_t{1} << uniform_int(rng, 1, 40));
  if (regime == 1) n[1] = n[0] + (rng() % 2 ? 0 : 1 + rng() % 3);  // a tie, or one unit apart
  if (regime == 3) n[rng() % L] = std::uint64_t{1} << uniform_int(rng, 20, 48);
  return n;
}

Kernel secular_root() {
  return {"secular_root_bracket", 20000, 1000, [](Rng& rng, Tally& tally) {
            const std::size_t L = random::uniform_index(rng, 3, 12);
            const std::vector<std::uint64_t> n = weight_numerators(rng, L);
            std::uint64_t N = 0;
            for (std::uint64_t k : n) N += k;
            Vector<I> alpha(static_cast<Eigen::Index>(L));
            std::vector<double> order(L);
            for (std::size_t i = 0; i < L; ++i) {
              alpha[static_cast<Eigen::Index>(i)] = I(static_cast<double>(n[i])) / I(static_cast<double>(N));
              order[i] = static_cast<double>(n[i]);  // logits in the weights' order (n_i < 2^53: exact)
            }
            const I norm = softmax_jacobian_norm(alpha, I(1.0), ExactTensor::vector(order));
            // The exact norm is the largest eigenvalue lambda, in [w_2, w_1], the root of f
            // (decreasing between them), or w_1 when the top weight is tied.
            std::vector<std::uint64_t> sorted = n;
            std::sort(sorted.rbegin(), sorted.rend());
            const Interval total = Interval(static_cast<double>(N));
            const Interval w1 = Interval(static_cast<double>(sorted[0])) / total,
                           w2 = Interval(static_cast<double>(sorted[1])) / total;
            const auto input = [&] {
              std::string s = "weights (";
              for (std::size_t i = 0; i < L; ++i) s += (i ? " " : "") + std::to_string(n[i]);
              return s + ") / " + std::to_string(N) + ": norm " + text(norm);
            };
            if (norm.is_nan() || norm.lower() > norm.upper()) return tally.record(false, input);
            const Mpfr lo = mpfr_rounded_down(norm.lower()), hi = mpfr_rounded_up(norm.upper());
            if (sorted[0] == sorted[1]) return tally.record(lo <= lower_end_of(w1) && upper_end_of(w1) <= hi, input);
            // lambda >= lo: lo is at most w_2, or f(lo) is not certainly negative (and lo < w_1).
            const bool above_lo = lo <= lower_end_of(w2) ||
                                  (lo < upper_end_of(w1) && !(upper_end_of(secular_reference(n, N, norm.lower())) < 0));
            const bool below_hi = hi >= upper_end_of(w1) ||
                                  (hi > lower_end_of(w2) && !(lower_end_of(secular_reference(n, N, norm.upper())) > 0));
            tally.record(above_lo && below_hi, input);
          }};
}

// ---- driver -------------------------------------------------------------------------------------

std::vector<Kernel> kernels() {
  return {
      binary_operation(
          "+", [](const I& a, const I& b) { return a + b; },
          [](const Interval& a, const Interval& b) { return Interval(a + b); }),
      binary_operation(
          "-", [](const I& a, const I& b) { return a - b; },
          [](const Interval& a, const Interval& b) { return Interval(a - b); }),
      binary_operation(
          "*", [](const I& a, const I& b) { return a * b; },
          [](const Interval& a, const Interval& b) { return Interval(a * b); }),
      binary_operation(
          "/", [](const I& a, const I& b) { return a / b; },
          [](const Interval& a, const Interval& b) { return Interval(a / b); }),
      elementary(
          "sqrt", 200000, 1000, non_negative_operand, [](const I& x) { return sqrt(x); },
          [](const Interval& x) { return Interval(sqrt(x)); }),
      elementary(
          "exp", 100000, 1000, exponent_operand, [](const I& x) { return exp(x); },
          [](const Interval& x) { return Interval(exp(x)); }),
      elementary(
          "log", 100000, 1000, non_negative_operand, [](const I& x) { return log(x); },
          [](const Interval& x) { return Interval(log(x)); }),
      elementary(
          "log1p", 100000, 1000, log1p_operand, [](const I& x) { return log1p(x); },
          [](const Interval& x) { return Interval(log1p(x)); }),
      elementary(
          "cosh", 100000, 1000, exponent_operand, [](const I& x) { return cosh(x); },
          [](const Interval& x) { return Interval(cosh(x)); }),
      elementary(
          "abs", 200000, 1000, adversarial_box, [](const I& x) { return abs(x); },
          [](const Interval& x) { return Interval(abs(x)); }),
      elementary(
          "square", 200000, 2200, adversarial_box, [](const I& x) { return square(x); }, square_of),
      integer_conversion(),
      scaling(),
      dot_products(),
      squared_norms(),
      squared_distances(),
      row_sums(),
      gram_matrices(),
      shifted_logits(),
      pair_screen(),
      secular_root(),
  };
}

int usage(const char* message) {
  std::cerr << "binary64_differential: " << message
            << "\nusage: binary64_differential [--seed N] [--scale X] [--kernel NAME]\n";
  return 64;
}

int run(int argc, char** argv) {
  std::uint64_t seed = std::random_device{}() * 0x100000000ULL + std::random_device{}();
  double scale = 1;
  std::string only;
  for (int k = 1; k < argc; ++k) {
    const std::string option = argv[k];
    if (k + 1 >= argc) return usage(("missing value after " + option).c_str());
    const std::string value = argv[++k];
    char* end = nullptr;
    if (option == "--seed") {
      seed = std::strtoull(value.c_str(), &end, 10);
    } else if (option == "--scale") {
      scale = std::strtod(value.c_str(), &end);
      if (!(scale > 0 && scale <= 1000)) return usage("--scale must be in (0, 1000]");
    } else if (option == "--kernel") {
      only = value;
      end = argv[k] + value.size();
    } else {
      return usage(("unknown option " + option).c_str());
    }
    if (end == nullptr || *end != '\0') return usage(("bad value " + value + " for " + option).c_str());
  }
  std::printf("binary64 kernels against MPFI, seed %llu, scale %g\n", static_cast<unsigned long long>(seed), scale);
  std::printf("%-22s %10s %9s  %s\n", "kernel", "checks", "failures", "replay");
  std::size_t checks = 0, failures = 0, run_kernels = 0;
  for (const Kernel& kernel : kernels()) {
    if (!only.empty() && only != kernel.name) continue;
    ++run_kernels;
    set_working_precision(kernel.bits);
    Rng rng(splitmix64(seed ^ fnv1a(kernel.name)));
    Tally tally;
    const auto wanted = static_cast<std::size_t>(std::ceil(scale * static_cast<double>(kernel.checks)));
    while (tally.checks < wanted) kernel.run(rng, tally);
    std::printf("%-22s %10zu %9zu  --seed %llu --scale %g --kernel '%s'\n", kernel.name, tally.checks, tally.failures,
                static_cast<unsigned long long>(seed), scale, kernel.name);
    for (const std::string& e : tally.examples) std::printf("  FAILED: %s\n", e.c_str());
    std::fflush(stdout);
    checks += tally.checks;
    failures += tally.failures;
  }
  if (run_kernels == 0) return usage(("no kernel named " + only).c_str());
  std::printf("%-22s %10zu %9zu\n", "total", checks, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace binary64_differential
}  // namespace nb

int main(int argc, char** argv) { return nb::binary64_differential::run(argc, argv); }
