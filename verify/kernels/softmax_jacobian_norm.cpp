#include "verify/kernels/softmax_jacobian_norm.hpp"

#include <algorithm>
#include <cmath>

namespace nb {

std::optional<std::pair<double, double>> secular_root_bracket(const Vector<DoubleInterval>& alpha,
                                                              const DoubleInterval& top_diagonal_term,
                                                              std::size_t first, double lo, double hi) {
  if (!(lo < hi)) return std::nullopt;
  Vector<double> mid(alpha.size());
  for (Eigen::Index i = 0; i < alpha.size(); ++i) mid[i] = midpoint_of(alpha[i]);
  const double top_term = midpoint_of(top_diagonal_term);
  // f on the midpoints (no certainty needed to steer the bisection).
  const auto approximate_f = [&](double x) { return secular_function(mid, top_term, first, x); };
  // Bisection in binary64 until the points stop moving (a bracket within a factor L of the
  // root: about 53 + log2 L steps).
  double below = lo, above = hi;
  for (int step = 0; step < 2 * 53 + 64; ++step) {
    const double x = below + (above - below) / 2;
    if (!(below < x && x < above)) break;
    const double f = approximate_f(x);
    if (f > 0) {
      below = x;
    } else if (f < 0) {
      above = x;
    } else {
      below = above = x;  // NaN stops too, at the next check
      break;
    }
  }
  const double root = below + (above - below) / 2;
  // |f'(root)| = sum_i alpha_i^2 / (alpha_i - root)^2 (the top term's derivative is the same
  // expression, since alpha_1 o_1 - alpha_1 = -alpha_1^2).
  double slope = 0;
  for (Eigen::Index i = 0; i < mid.size(); ++i) {
    const double q = mid[i] / (mid[i] - root);
    slope += q * q;
  }
  const DoubleInterval at_root = secular_function(alpha, top_diagonal_term, first, root);
  // Where |f| is below half the enclosure's width its sign cannot be certain: a margin of about
  // that distance on each side.
  const double start = std::max(0.75 * (at_root.upper() - at_root.lower()) / slope, std::abs(root) * 0x1p-50);
  if (!(start > 0) || !std::isfinite(start)) return std::nullopt;
  // The certified end on one side (direction -1: f > 0 below the root; +1: f < 0 above).
  const auto certified_end = [&](double direction) -> std::optional<double> {
    constexpr int kDoublings = 40;
    double margin = start;
    for (int k = 0; k < kDoublings; ++k, margin *= 2) {
      const double x = root + direction * margin;
      if (!(lo < x && x < hi)) return std::nullopt;
      const DoubleInterval f = secular_function(alpha, top_diagonal_term, first, x);
      if (direction < 0 ? f.lower() > 0 : f.upper() < 0) return x;
    }
    return std::nullopt;
  };
  const std::optional<double> lower = certified_end(-1);
  if (!lower) return std::nullopt;
  const std::optional<double> upper = certified_end(+1);
  if (!upper) return std::nullopt;
  return std::make_pair(*lower, *upper);
}

}  // namespace nb
