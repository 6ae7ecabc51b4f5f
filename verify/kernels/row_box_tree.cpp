#include "verify/kernels/row_box_tree.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "verify/kernels/squared_distance_error.hpp"

namespace nb {

RowBoxTree::RowBoxTree(const std::vector<double>& x, std::size_t L, std::size_t d, std::size_t leaf_rows)
    : d_(d), order_(L) {
  std::iota(order_.begin(), order_.end(), std::size_t{0});
  build(x, {0, L}, leaf_rows);
}

std::size_t RowBoxTree::build(const std::vector<double>& x, Range rows, std::size_t leaf_rows) {
  const std::size_t u = nodes_.size(), count = rows.end - rows.begin;
  nodes_.push_back({rows, kNoChild, kNoChild});
  lo_.resize(lo_.size() + d_, INFINITY);
  hi_.resize(hi_.size() + d_, -INFINITY);
  double* __restrict lo = lo_.data() + u * d_;  // not resized until the children are built
  double* __restrict hi = hi_.data() + u * d_;
  const auto widen = [&, d = d_](std::size_t row) {
    const double* __restrict v = x.data() + row * d;
    for (std::size_t k = 0; k < d; ++k) {
      lo[k] = std::min(lo[k], v[k]);
      hi[k] = std::max(hi[k], v[k]);
    }
  };
  if (count <= leaf_rows) {
    for (std::size_t p = rows.begin; p < rows.end; ++p) widen(order_[p]);
    leaves_.push_back(rows);
    leaf_nodes_.push_back(u);
    return u;
  }
  // The split's coordinate: the widest spread of about kSampledRows of the rows (it only guides
  // the split; the boxes are exact, from the leaves up). An overflow to infinity is harmless.
  constexpr std::size_t kSampledRows = 64;
  for (std::size_t p = rows.begin; p < rows.end; p += std::max<std::size_t>(1, count / kSampledRows)) widen(order_[p]);
  std::size_t widest = 0;
  for (std::size_t k = 1; k < d_; ++k)
    if (hi[k] - lo[k] > hi[widest] - lo[widest]) widest = k;
  // The median by that coordinate, copied next to each row's index: nth_element's comparisons
  // then read contiguous memory instead of one row of x each.
  std::vector<std::pair<double, std::size_t>> keyed;
  keyed.reserve(count);
  for (std::size_t p = rows.begin; p < rows.end; ++p) keyed.emplace_back(x[order_[p] * d_ + widest], order_[p]);
  const auto middle = static_cast<std::ptrdiff_t>(count / 2);
  std::nth_element(keyed.begin(), keyed.begin() + middle, keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t p = rows.begin; p < rows.end; ++p) order_[p] = keyed[p - rows.begin].second;
  const std::size_t split = rows.begin + static_cast<std::size_t>(middle);
  const std::size_t left = build(x, {rows.begin, split}, leaf_rows);
  const std::size_t right = build(x, {split, rows.end}, leaf_rows);
  nodes_[u].left = left;
  nodes_[u].right = right;
  for (std::size_t k = 0; k < d_; ++k) {  // the union of the children's exact boxes
    lo_[u * d_ + k] = std::min(lo_[left * d_ + k], lo_[right * d_ + k]);
    hi_[u * d_ + k] = std::max(hi_[left * d_ + k], hi_[right * d_ + k]);
  }
  return u;
}

// The exact bound is sum_k g_k^2 over the gaps g_k = max(lo_vk - hi_k, lo_k - hi_vk, 0) between
// the boxes' sides (at most one of the differences is positive, and a rounded difference has the
// sign of the exact one), a sum of squared differences of binary64 values: the binary64
// evaluation f of a partial sum over any of its d terms, in four lanes (SquaredDistanceError
// holds for every order of summation and for fewer terms), has SquaredDistanceError(d).lower(f)
// <= the exact partial sum <= the exact bound. So the test stops after the first block of 16
// coordinates whose partial sum suffices; an infinite f (overflow) excludes nothing.
bool RowBoxTree::excludes(const double* lo, const double* hi, std::size_t v, double limit) const {
  const double *lo_v = lo_.data() + v * d_, *hi_v = hi_.data() + v * d_;
  const SquaredDistanceError error(d_);
  const auto square_of_gap = [&](std::size_t k) {
    const double gap = std::max(std::max(lo_v[k] - hi[k], lo[k] - hi_v[k]), 0.0);
    return gap * gap;
  };
  double lane[4] = {0, 0, 0, 0};
  const auto exceeds = [&] {
    const double sum = (lane[0] + lane[1]) + (lane[2] + lane[3]);
    return std::isfinite(sum) && error.lower(sum) > limit;
  };
  std::size_t k = 0;
  for (; k + 4 <= d_; k += 4) {
    for (std::size_t l = 0; l < 4; ++l) lane[l] += square_of_gap(k + l);
    if ((k + 4) % 16 == 0 && exceeds()) return true;
  }
  for (; k < d_; ++k) lane[0] += square_of_gap(k);
  return exceeds();
}

void RowBoxTree::collect(std::size_t node, const double* lo, const double* hi, std::size_t after, double limit,
                         std::vector<Range>& out) const {
  const Node& n = nodes_[node];
  if (n.rows.end <= after) return;  // leaves align with nodes: n holds no position after `after`
  if (excludes(lo, hi, node, limit)) return;
  if (n.left == kNoChild) {
    if (!out.empty() && out.back().end == n.rows.begin) out.back().end = n.rows.end;
    else out.push_back(n.rows);
    return;
  }
  collect(n.left, lo, hi, after, limit, out);
  collect(n.right, lo, hi, after, limit, out);
}

std::vector<RowBoxTree::Range> RowBoxTree::ranges_within(std::size_t first, std::size_t last, double limit) const {
  std::vector<double> lo(d_, INFINITY), hi(d_, -INFINITY);  // the box of the leaves' boxes
  for (std::size_t a = first; a < last; ++a)
    for (std::size_t k = 0; k < d_; ++k) {
      lo[k] = std::min(lo[k], lo_[leaf_nodes_[a] * d_ + k]);
      hi[k] = std::max(hi[k], hi_[leaf_nodes_[a] * d_ + k]);
    }
  std::vector<Range> out;
  collect(0, lo.data(), hi.data(), leaves_[last - 1].end, limit, out);
  return out;
}

}  // namespace nb
