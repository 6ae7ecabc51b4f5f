#include "verify/kernels/pair_distances.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "verify/kernels/openblas_call.hpp"
#include "verify/kernels/row_box_tree.hpp"
#include "verify/kernels/squared_distance_error.hpp"

namespace nb {
namespace {

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

// Screens the pairs that visit_pairs enumerates, on the rows x (d columns, binary64 values). For
// the minimum, a pair stays a candidate while its lower bound is at most the least upper bound
// seen (the extreme is at most that), for the maximum while its upper bound is at least the
// greatest lower bound seen. The threshold only tightens, so a final filter leaves exactly the
// pairs that pass the final threshold. Every pair when a squared distance overflows.
template <class VisitPairs>
std::vector<RowPair> screen_values(const std::vector<double>& x, std::size_t d, bool minimum, VisitPairs visit_pairs) {
  std::vector<RowPair> all, kept;
  const SquaredDistanceError error(d);
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

// screen_values on the entries of X, or every pair when an entry is not a binary64 value.
template <class VisitPairs>
std::vector<RowPair> screen(const ExactTensor& X, bool minimum, VisitPairs visit_pairs) {
  if (X.all_dyadic()) return screen_values(row_major_values(X), X.cols(), minimum, visit_pairs);
  std::vector<RowPair> all;
  visit_pairs([&](std::size_t a, std::size_t b) { all.emplace_back(a, b); });
  return all;
}

// Enumerates `pairs` for screen_values.
auto each_of(const std::vector<RowPair>& pairs) {
  return [&pairs](auto&& visit) {
    for (const RowPair& p : pairs) visit(p.first, p.second);
  };
}

// The pairs (i, j), j = first + q for q < count, of one row of a GramStage block: g[q] = <y_i, y_j>,
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

// Rows per leaf of gram_screen's RowBoxTree: smaller leaves let the boxes exclude more pairs of
// structured rows. Leaves are screened in groups of kGroupLeaves, in one OpenBLAS call per group
// where the boxes exclude little (dgemm is about a fifth faster on 128 rows than on 32), so its
// Gram buffer is kGroupLeaves kLeafRows x L doubles, whatever L.
constexpr std::size_t kLeafRows = 32, kGroupLeaves = 4;

// Stage one of the minimum's screen, over blocks of pairs of the rows y (L x d, row-major, in the
// RowBoxTree's order) with squared norms n: squared distances f = n_p + n_q - 2 g_pq from the
// Gram entries g_pq = <y_p, y_q>, computed by OpenBLAS's dgemm, whose run-time dispatched kernels
// do the flops several times faster than squared_distance's loop. Each of n_p, g_pq is a sum of d
// products in some order, with or without FMA: |error| <= gamma_d sum_k |y_pk y_qk| + d 2^-1074
// (Higham, Accuracy and Stability, ch. 3), and sum_k |y_pk y_qk| <= ||y_p|| ||y_q|| <=
// (n_p + n_q) / 2. With the two roundings of f itself,
//   |f - D_pq| <= (2 gamma_d + 5u)(n_p + n_q) + 4 d 2^-1074 <= E_pq = r (n_p + n_q) + a,
// r = 4 (d + 2) 2^-52 = 8 (d + 2) u and a = 8 (d + 1) 2^-1074 (the margin also covers the rounding
// of E and of f -+ E). E is relative to the norms, not to D: rows close to each other cancel, so
// this stage only discards pairs, and keeps every pair that the direct screen over all pairs
// keeps. With r_d, a_d the direct screen's SquaredDistanceError, that screen keeps pair p only if
// D_p <= T (1 + 2.6 r_d) + 2.6 a_d for every T >= min_q D_q, here the least f_q + E_q seen so far;
// this stage discards p only when a certified lower bound on D_p, f_p - E_p or a RowBoxTree box
// bound, exceeds limit() = T (1 + 4 r_d) + 4 a_d. The direct screen over the kept pairs then finds
// the same least upper bound (its pair is kept), hence exactly the candidates it finds over all
// pairs. Requires every n_p <= DBL_MAX / 16 (then f cannot overflow).
class GramStage {
 public:
  // `least_upper` >= min_q D_q (infinity if nothing is known).
  GramStage(const std::vector<double>& y, const std::vector<double>& n, const std::vector<std::size_t>& order,
            std::size_t d, double least_upper)
      : y_(y), n_(n), order_(order), d_(d), direct_(d), r_(direct_.relative), a_(2 * direct_.absolute),
        gram_(new double[kGroupLeaves * kLeafRows * n.size()]) {
    lower_least_upper(least_upper);
  }

  // Pairs whose certified lower bound on D exceeds this are discarded.
  double limit() const { return limit_; }

  // Screens the pairs of positions (p, q), p in `rows`, q in `cols`, p < q. Requires at most
  // kGroupLeaves kLeafRows rows, and cols.begin >= rows.begin.
  void screen(RowBoxTree::Range rows, RowBoxTree::Range cols) {
    const std::size_t m = rows.end - rows.begin, width = cols.end - cols.begin;
    {  // gram(p, q) = <y_{rows.begin + p}, y_{cols.begin + q}>, m x width, row-major
      const OpenBlasCall on_this_thread;
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<blasint>(m), static_cast<blasint>(width),
                  static_cast<blasint>(d_), 1.0, y_.data() + rows.begin * d_, static_cast<blasint>(d_),
                  y_.data() + cols.begin * d_, static_cast<blasint>(d_), 0.0, gram_.get(), static_cast<blasint>(width));
    }
    for (std::size_t p = 0; p < m; ++p) {
      const std::size_t i = rows.begin + p, first = std::max(cols.begin, i + 1);
      if (first >= cols.end) continue;
      const GramRow row{gram_.get() + p * width + (first - cols.begin), n_.data() + first, n_[i], cols.end - first,
                        r_, a_};
      const auto [row_lower, row_upper] = row.least_bounds();
      lower_least_upper(row_upper);
      if (row_lower > limit_) continue;  // most rows, once the limit is near the minimum
      for (std::size_t q = 0; q < row.count; ++q)
        if (row.lower(q) <= limit_) {
          const std::size_t a = order_[i], b = order_[first + q];
          kept_.emplace_back(std::min(a, b), std::max(a, b));
          lows_.push_back(row.lower(q));
        }
    }
  }

  // The kept pairs (i, j), i < j, whose lower bound does not exceed the final limit(), in
  // increasing order.
  std::vector<RowPair> candidates() const {
    std::vector<RowPair> out;
    for (std::size_t k = 0; k < kept_.size(); ++k)
      if (lows_[k] <= limit_) out.push_back(kept_[k]);
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  void lower_least_upper(double upper) {
    if (upper < least_upper_) {
      least_upper_ = upper;
      limit_ = least_upper_ * (1 + 4 * direct_.relative) + 4 * direct_.absolute;
    }
  }

  const std::vector<double>& y_;
  const std::vector<double>& n_;
  const std::vector<std::size_t>& order_;
  std::size_t d_;
  SquaredDistanceError direct_;
  double r_, a_;
  double least_upper_ = std::numeric_limits<double>::infinity(), limit_ = least_upper_;
  std::vector<RowPair> kept_;
  std::vector<double> lows_;
  std::unique_ptr<double[]> gram_;  // uninitialized: dgemm with beta = 0 writes before it is read
};

// Stage one for all pairs i < j of the rows x (L x d, row-major), group of leaves by group of
// leaves of a RowBoxTree: the group's rows against every later position in one call where the
// box of the group excludes fewer than half of those pairs (rows without structure at the scale
// of the minimum: one query per group, then the calls of the stage without the tree), otherwise
// each leaf against itself and the ranges after it that its box cannot exclude. Every pair p < q
// of positions is screened once, as a pair of p's group. The least upper bound starts from the
// pairs of consecutive positions, which the tree puts close to each other where rows have
// structure. Returns nullopt when a squared norm exceeds DBL_MAX / 16.
std::optional<std::vector<RowPair>> gram_screen(const std::vector<double>& x, std::size_t L, std::size_t d) {
  const RowBoxTree tree(x, L, d, kLeafRows);
  std::vector<double> y, norm(L);
  y.reserve(L * d);
  for (std::size_t p = 0; p < L; ++p) {
    const auto row = x.begin() + static_cast<std::ptrdiff_t>(tree.order()[p] * d);
    y.insert(y.end(), row, row + static_cast<std::ptrdiff_t>(d));
    norm[p] = squared_norm_of_row(y, d, p);
    if (!(norm[p] <= std::numeric_limits<double>::max() / 16)) return std::nullopt;
  }
  const SquaredDistanceError direct(d);
  double least_upper = std::numeric_limits<double>::infinity();  // no overflow: the norms are bounded
  for (std::size_t p = 0; p + 1 < L; ++p) least_upper = std::min(least_upper, direct.upper(squared_distance(y, d, p, p + 1)));
  GramStage stage(y, norm, tree.order(), d, least_upper);
  const std::vector<RowBoxTree::Range>& leaves = tree.leaves();
  const auto positions = [](const std::vector<RowBoxTree::Range>& ranges) {
    std::size_t count = 0;
    for (const RowBoxTree::Range& range : ranges) count += range.end - range.begin;
    return count;
  };
  for (std::size_t first = 0; first < leaves.size(); first += kGroupLeaves) {
    const std::size_t last = std::min(first + kGroupLeaves, leaves.size());
    const RowBoxTree::Range group{leaves[first].begin, leaves[last - 1].end};
    const std::size_t rows = group.end - group.begin;
    const std::size_t later = rows * positions(tree.ranges_within(first, last, stage.limit()));
    if (2 * (later + rows * (rows - 1) / 2) > rows * (L - group.begin) - rows * (rows + 1) / 2) {
      stage.screen(group, {group.begin, L});  // the group's box excludes fewer than half of its pairs
      continue;
    }
    for (std::size_t a = first; a < last; ++a) {
      stage.screen(leaves[a], leaves[a]);
      for (const RowBoxTree::Range& range : tree.ranges_within(a, a + 1, stage.limit())) stage.screen(leaves[a], range);
    }
  }
  return stage.candidates();
}

}  // namespace

std::vector<RowPair> min_distance_candidates_among(const ExactTensor& X, const std::vector<RowPair>& pairs) {
  return screen(X, true, each_of(pairs));
}

std::vector<RowPair> min_distance_candidates(const ExactTensor& X) {
  const std::size_t L = X.rows();
  if (X.all_dyadic()) {
    const std::vector<double> x = row_major_values(X);
    if (std::optional<std::vector<RowPair>> kept = gram_screen(x, L, X.cols()))
      return screen_values(x, X.cols(), true, each_of(*kept));
  }
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
