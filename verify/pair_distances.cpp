#include "verify/pair_distances.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

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
// compiler's vector instructions) work on several terms at once. This loop is most of the cost
// of the screens below (O(L^2 d) for the minimum distance).
constexpr std::size_t kLanes = 8;

double squared_distance(const std::vector<double>& x, std::size_t d, std::size_t a, std::size_t b) {
  const double* u = x.data() + a * d;
  const double* v = x.data() + b * d;
  double lane[kLanes] = {};
  std::size_t k = 0;
  for (; k + kLanes <= d; k += kLanes)
    for (std::size_t l = 0; l < kLanes; ++l) {
      const double t = u[k + l] - v[k + l];
      lane[l] += t * t;
    }
  for (; k < d; ++k) {
    const double t = u[k] - v[k];
    lane[0] += t * t;
  }
  double sum = 0;
  for (double s : lane) sum += s;
  return sum;
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

}  // namespace

std::vector<RowPair> min_distance_candidates(const ExactTensor& X) {
  const std::size_t L = X.rows();
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
