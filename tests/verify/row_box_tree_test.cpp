// The k-d tree of exact boxes: its leaves partition the rows, and ranges_within never leaves out a
// row within the limit (the guarantee the minimum-distance screen relies on), yet leaves out most
// rows of structured inputs.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/kernels/row_box_tree.hpp"

namespace nb {
namespace row_box_tree_test {

double squared_distance(const std::vector<double>& x, std::size_t d, std::size_t a, std::size_t b) {
  double sum = 0;
  for (std::size_t k = 0; k < d; ++k) sum += (x[a * d + k] - x[b * d + k]) * (x[a * d + k] - x[b * d + k]);
  return sum;
}

// Checks ranges_within(first, last, limit) against all pairs: a position after leaf last - 1 whose
// squared distance to a row of the leaves first..last-1, computed in binary64, is at most
// `required` is in a range (`required` = limit where the distances are exact, a relative 2^-40
// below it otherwise). Returns the number of positions the ranges hold.
std::size_t check_ranges(const RowBoxTree& tree, const std::vector<double>& x, std::size_t d, std::size_t first,
                         std::size_t last, double limit, double required) {
  const std::size_t L = tree.order().size();
  const std::size_t begin = tree.leaves()[first].begin, after = tree.leaves()[last - 1].end;
  const std::vector<RowBoxTree::Range> ranges = tree.ranges_within(first, last, limit);
  std::vector<bool> in_range(L, false);
  std::size_t held = 0, previous_end = after;
  for (std::size_t r = 0; r < ranges.size(); ++r) {
    EXPECT_LT(ranges[r].begin, ranges[r].end);
    if (r == 0) EXPECT_GE(ranges[r].begin, after);
    else EXPECT_GT(ranges[r].begin, previous_end);  // disjoint, increasing, none adjacent
    EXPECT_LE(ranges[r].end, L);
    previous_end = ranges[r].end;
    for (std::size_t q = ranges[r].begin; q < std::min(ranges[r].end, L); ++q) in_range[q] = true;
    held += ranges[r].end - ranges[r].begin;
  }
  for (std::size_t q = after; q < L; ++q)
    for (std::size_t p = begin; p < after; ++p)
      if (squared_distance(x, d, tree.order()[p], tree.order()[q]) <= required) {
        EXPECT_TRUE(in_range[q]) << "leaves " << first << ".." << last - 1 << ", position " << q << " (row "
                                 << tree.order()[q] << ")";
        break;
      }
  return held;
}

// Checks the structure of the tree of x, and check_ranges for every leaf alone and for runs of
// three consecutive leaves. Returns the positions held by the single leaves' ranges.
std::size_t check_tree(const std::vector<double>& x, std::size_t L, std::size_t d, std::size_t leaf_rows, double limit,
                       double required) {
  const RowBoxTree tree(x, L, d, leaf_rows);
  std::vector<std::size_t> sorted = tree.order();
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < L; ++i) EXPECT_EQ(sorted[i], i);
  std::size_t next = 0;
  for (const RowBoxTree::Range& leaf : tree.leaves()) {
    EXPECT_EQ(leaf.begin, next);
    EXPECT_LT(leaf.begin, leaf.end);
    EXPECT_LE(leaf.end - leaf.begin, leaf_rows);
    next = leaf.end;
  }
  EXPECT_EQ(next, L);
  const std::size_t leaves = tree.leaves().size();
  std::size_t held = 0;
  for (std::size_t a = 0; a < leaves; ++a) held += check_ranges(tree, x, d, a, a + 1, limit, required);
  for (std::size_t a = 0; a < leaves; a += 3) check_ranges(tree, x, d, a, std::min(a + 3, leaves), limit, required);
  return held;
}

TEST(RowBoxTree, RangesHoldEveryRowWithinTheLimit) {
  random::Rng rng(20261204);
  for (std::size_t L : {1, 2, 31, 32, 33, 200, 1000})
    for (std::size_t d : {1, 3, 64})
      for (std::size_t leaf_rows : {1, 8, 32}) {
        SCOPED_TRACE("gaussian, L = " + std::to_string(L) + ", d = " + std::to_string(d) + ", leaves of " +
                     std::to_string(leaf_rows));
        const std::vector<double> x = random::gaussian(rng, L * d, 1.0);
        for (double limit : {0.0, 0.01 * static_cast<double>(d), 0.5 * static_cast<double>(d), 2.0 * static_cast<double>(d)})
          check_tree(x, L, d, leaf_rows, limit, limit * (1 - 0x1p-40));
      }
}

// Integer points: squared distances are exact integers, and a limit equal to one of them must keep
// the rows at exactly that distance (a box bound rounded up, or compared with <, loses them).
TEST(RowBoxTree, RangesHoldRowsExactlyAtTheLimit) {
  random::Rng rng(20261205);
  for (std::size_t d : {1, 2, 5}) {
    std::vector<double> x(600 * d);
    for (double& v : x) v = static_cast<double>(random::uniform_index(rng, 0, 20));
    for (double limit : {0.0, 1.0, 2.0, 3.0}) {
      SCOPED_TRACE("lattice, d = " + std::to_string(d) + ", limit " + std::to_string(limit));
      check_tree(x, 600, d, 8, limit, limit);
    }
  }
}

// On points along a line, spaced 1 apart, the leaves within distance 1 of a leaf are its neighbours
// along the line: the ranges must hold a few leaves per leaf, not the rows after it.
TEST(RowBoxTree, RangesLeaveOutMostRowsOfAStructuredInput) {
  const std::size_t L = 4096, d = 64, leaf_rows = 32;
  random::Rng rng(20261206);
  const std::vector<double> direction = random::gaussian(rng, d, 1.0 / 8);  // norm about 1
  std::vector<double> x(L * d);
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t k = 0; k < d; ++k) x[i * d + k] = static_cast<double>((i * 2654435761u) % L) * direction[k];
  const std::size_t held = check_tree(x, L, d, leaf_rows, 1.0, 1.0 * (1 - 0x1p-40));
  EXPECT_LT(held, 4 * leaf_rows * (L / leaf_rows));  // all pairs after each leaf: about L^2 / 2
}

}  // namespace row_box_tree_test
}  // namespace nb
