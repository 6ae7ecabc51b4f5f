#include "verify/pair_distances.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "verify/openblas_call.hpp"

namespace nb {
namespace {

// Bounds on the exact squared distance D of two rows of binary64 values from its binary64
// evaluation f = fl(sum_k fl(fl(a_k - b_k)^2)) (d non-negative terms summed in any order):
//   |f - D| <= gamma_{d+2} D + d 2^-1074,  gamma_n = n u / (1 - n u) <= n 2^-52  (u = 2^-53),
// the second term covering underflow of the squares (Higham, Accuracy and Stability, ch. 3: the
// bound gamma_{d-1} sum |t_k| holds for every order of summation, so for the lanes below too).
// The bounds below use 4 times both terms, which also absorbs the rounding of their own
// evaluation in binary64.
struct ScreenError {
  double relative, absolute;
  explicit ScreenError(std::size_t d)
      : relative(4 * (double(d) + 2) * 0x1p-52), absolute(4 * (double(d) + 1) * 0x1p-1074) {}
  double lower(double f) const { return f * (1 - relative) - absolute; }
  double upper(double f) const { return f * (1 + relative) + absolute; }
};

// Summed in kLanes independent partial sums, added at the end: one running sum would wait for
// each addition to finish (the latency of a dependent chain), lanes let the processor (and the
// compiler's vector instructions) work on several terms at once. The direct screen below is
// O(|pairs| d) of these terms.
constexpr std::size_t kLanes = 8;

template <class Term>
double lane_sum(std::size_t d, Term term) {
  double lane[kLanes] = {};
  std::size_t k = 0;
  for (; k + kLanes <= d; k += kLanes)
    for (std::size_t l = 0; l < kLanes; ++l) lane[l] += term(k + l);
  for (; k < d; ++k) lane[0] += term(k);
  double sum = 0;
  for (double s : lane) sum += s;
  return sum;
}

double squared_distance(const std::vector<double>& x, std::size_t d, std::size_t a, std::size_t b) {
  const double* u = x.data() + a * d;
  const double* v = x.data() + b * d;
  return lane_sum(d, [&](std::size_t k) {
    const double t = u[k] - v[k];
    return t * t;
  });
}

double squared_norm_of_row(const std::vector<double>& x, std::size_t d, std::size_t a) {
  const double* u = x.data() + a * d;
  return lane_sum(d, [&](std::size_t k) { return u[k] * u[k]; });
}

std::vector<double> row_major_values(const ExactTensor& X) {
  std::vector<double> x(X.size());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = X.approx(i);
  return x;
}

// Screens the pairs that visit_pairs enumerates. For the minimum, a pair stays a candidate while
// its lower bound is at most the least upper bound seen (the extreme is at most that), for the
// maximum while its upper bound is at least the greatest lower bound seen. The threshold only
// tightens, so a final filter leaves exactly the pairs that pass the final threshold.
template <class VisitPairs>
std::vector<RowPair> screen(const ExactTensor& X, bool minimum, VisitPairs visit_pairs) {
  std::vector<RowPair> all, kept;
  if (!X.all_dyadic()) {
    visit_pairs([&](std::size_t a, std::size_t b) { all.emplace_back(a, b); });
    return all;
  }
  const std::size_t d = X.cols();
  const std::vector<double> x = row_major_values(X);
  const ScreenError error(d);
  double threshold = minimum ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  std::vector<double> keys;
  bool overflow = false;
  visit_pairs([&](std::size_t a, std::size_t b) {
    const double f = squared_distance(x, d, a, b);
    if (!std::isfinite(f)) overflow = true;
    const double lo = error.lower(f), hi = error.upper(f);
    if (minimum ? lo <= threshold : hi >= threshold) {
      kept.emplace_back(a, b);
      keys.push_back(minimum ? lo : hi);
    }
    threshold = minimum ? std::min(threshold, hi) : std::max(threshold, lo);
  });
  if (overflow) {
    visit_pairs([&](std::size_t a, std::size_t b) { all.emplace_back(a, b); });
    return all;
  }
  std::vector<RowPair> candidates;
  for (std::size_t k = 0; k < kept.size(); ++k)
    if (minimum ? keys[k] <= threshold : keys[k] >= threshold) candidates.push_back(kept[k]);
  return candidates;
}

// Rows of the Gram matrix per OpenBLAS call in gram_screen: its memory is kGramBlockRows x L
// doubles, whatever L.
constexpr std::size_t kGramBlockRows = 128;

// The pairs (i, j), j = i + 1 + q for q < count, of one row of gram_screen: g[q] = <x_i, x_j>,
// n[q] = n_j; f = n_i + n_j - 2 g and e = r (n_i + n_j) + a. Its loop has no calls or branches on
// the data, so that its variables stay in registers.
struct GramRow {
  const double *g, *n;
  double n_i;
  std::size_t count;
  double r, a;

  // f and e of pair q.
  std::pair<double, double> value_and_error(std::size_t q) const {
    const double sum = n_i + n[q];
    return {sum - 2 * g[q], r * sum + a};
  }
  double lower(std::size_t q) const {
    const auto [f, e] = value_and_error(q);
    return f - e;
  }
  // min_q (f - e) and min_q (f + e), each in four partial minima (a chain of one would wait on
  // each comparison).
  std::pair<double, double> least_bounds() const {
    double lower[4] = {kInfinity, kInfinity, kInfinity, kInfinity}, upper[4] = {kInfinity, kInfinity, kInfinity, kInfinity};
    const auto visit = [&](std::size_t q, std::size_t l) {
      const auto [f, e] = value_and_error(q);
      lower[l] = std::min(lower[l], f - e);
      upper[l] = std::min(upper[l], f + e);
    };
    std::size_t q = 0;
    for (; q + 4 <= count; q += 4)
      for (std::size_t l = 0; l < 4; ++l) visit(q + l, l);
    for (; q < count; ++q) visit(q, 0);
    return {std::min(std::min(lower[0], lower[1]), std::min(lower[2], lower[3])),
            std::min(std::min(upper[0], upper[1]), std::min(upper[2], upper[3]))};
  }

 private:
  static constexpr double kInfinity = std::numeric_limits<double>::infinity();
};

// Stage one of the minimum's screen, for all pairs i < j of a matrix of binary64 values x (L x d,
// row-major): squared distances f = n_i + n_j - 2 g_ij from the squared norms n_i and the Gram
// entries g_ij = <x_i, x_j>, computed by OpenBLAS's dgemm, whose run-time dispatched kernels do
// the O(L^2 d) flops several times faster than squared_distance's loop. Each of n_i, g_ij is a sum
// of d products in some order, with or without FMA: |error| <= gamma_d sum_k |x_ik x_jk| + d 2^-1074
// (Higham, Accuracy and Stability, ch. 3), and sum_k |x_ik x_jk| <= ||x_i|| ||x_j|| <=
// (n_i + n_j) / 2. With the two roundings of f itself,
//   |f - D_ij| <= (2 gamma_d + 5u)(n_i + n_j) + 4 d 2^-1074 <= E_ij = r (n_i + n_j) + a,
// r = 4 (d + 2) 2^-52 = 8 (d + 2) u and a = 8 (d + 1) 2^-1074 (the margin also covers the rounding
// of E and of f -+ E). E is relative to the norms, not to D: rows close to each other cancel, so
// this stage only discards pairs, and keeps every pair that the direct screen over all pairs
// keeps. With r_d, a_d the direct screen's ScreenError, that screen keeps pair p only if
// D_p <= T (1 + 2.6 r_d) + 2.6 a_d, T = min_q (f_q + E_q) >= min_q D_q; this stage keeps p while
// f_p - E_p <= T (1 + 4 r_d) + 4 a_d. The direct screen over the kept pairs then finds the same
// least upper bound (its pair is kept), hence exactly the candidates it finds over all pairs.
// Returns nullopt when a squared norm exceeds DBL_MAX / 16 (then f could overflow).
std::optional<std::vector<RowPair>> gram_screen(const std::vector<double>& x, std::size_t L, std::size_t d) {
  std::vector<double> norm(L);
  for (std::size_t i = 0; i < L; ++i) {
    norm[i] = squared_norm_of_row(x, d, i);
    if (!(norm[i] <= std::numeric_limits<double>::max() / 16)) return std::nullopt;
  }
  const ScreenError direct(d);
  const double r = direct.relative, a = 2 * direct.absolute;
  double least_upper = std::numeric_limits<double>::infinity(), limit = least_upper;
  std::vector<RowPair> kept;
  std::vector<double> lows, gram(kGramBlockRows * L);
  for (std::size_t first = 0; first + 1 < L; first += kGramBlockRows) {
    const std::size_t rows = std::min(kGramBlockRows, L - first), cols = L - first;
    {  // gram(p, q) = <x_{first + p}, x_{first + q}>, rows x cols, row-major
      const OpenBlasCall on_this_thread;
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<blasint>(rows), static_cast<blasint>(cols),
                  static_cast<blasint>(d), 1.0, x.data() + first * d, static_cast<blasint>(d), x.data() + first * d,
                  static_cast<blasint>(d), 0.0, gram.data(), static_cast<blasint>(cols));
    }
    for (std::size_t p = 0; p < rows; ++p) {
      const std::size_t i = first + p;
      const double* g = gram.data() + p * cols + p + 1;  // g[j - i - 1] = <x_i, x_j> (i - first = p)
      const double* n = norm.data() + i + 1;                      // n[j - i - 1] = n_j
      const GramRow row{g, n, norm[i], L - i - 1, r, a};
      const auto [row_lower, row_upper] = row.least_bounds();
      if (row_upper < least_upper) {
        least_upper = row_upper;
        limit = least_upper * (1 + 4 * direct.relative) + 4 * direct.absolute;
      }
      if (row_lower > limit) continue;  // most rows, once the limit is near the minimum
      for (std::size_t q = 0; q < row.count; ++q)
        if (row.lower(q) <= limit) {
          kept.emplace_back(i, i + 1 + q);
          lows.push_back(row.lower(q));
        }
    }
  }
  std::vector<RowPair> candidates;
  for (std::size_t k = 0; k < kept.size(); ++k)
    if (lows[k] <= limit) candidates.push_back(kept[k]);
  return candidates;
}

}  // namespace

std::vector<RowPair> min_distance_candidates_among(const ExactTensor& X, const std::vector<RowPair>& pairs) {
  return screen(X, true, [&](auto&& visit) {
    for (const RowPair& p : pairs) visit(p.first, p.second);
  });
}

std::vector<RowPair> min_distance_candidates(const ExactTensor& X) {
  const std::size_t L = X.rows();
  if (X.all_dyadic())
    if (std::optional<std::vector<RowPair>> kept = gram_screen(row_major_values(X), L, X.cols()))
      return min_distance_candidates_among(X, *kept);
  return screen(X, true, [L](auto&& visit) {
    for (std::size_t i = 0; i < L; ++i)
      for (std::size_t j = i + 1; j < L; ++j) visit(i, j);
  });
}

std::vector<RowPair> max_distance_candidates(const ExactTensor& X, const std::vector<std::size_t>& A,
                                             const std::vector<std::size_t>& B) {
  return screen(X, false, [&](auto&& visit) {
    for (std::size_t a : A)
      for (std::size_t b : B) visit(a, b);
  });
}

}  // namespace nb
