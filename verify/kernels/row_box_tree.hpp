#pragma once
// A k-d tree over the rows of a binary64 matrix whose nodes carry the exact bounding boxes of
// their rows, so that a certified lower bound on the squared distance between any row of one node
// and any row of another costs O(d) operations. The minimum-distance screen
// (verify/kernels/pair_distances.cpp) skips whole blocks of pairs with it where the rows have structure at
// the scale of the minimum; on rows without it (isotropic Gaussian rows in d = 64) no block is
// skipped and the screen visits every pair, as without the tree.
#include <cstddef>
#include <vector>

namespace nb {

class RowBoxTree {
 public:
  struct Range {  // positions [begin, end) of order()
    std::size_t begin, end;
  };

  // The tree of the L rows of x (L x d, row-major, finite entries), L >= 1: each node splits its
  // rows at the median of their widest coordinate, down to leaves of at most leaf_rows >= 1 rows.
  RowBoxTree(const std::vector<double>& x, std::size_t L, std::size_t d, std::size_t leaf_rows);

  // order()[p] is the row at position p; every node's rows are a contiguous range of positions.
  const std::vector<std::size_t>& order() const { return order_; }

  // The leaves' ranges, in increasing position: they partition [0, L).
  const std::vector<Range>& leaves() const { return leaves_; }

  // Disjoint ranges, in increasing position and none adjacent to the next, within
  // [leaves()[last - 1].end, L), that hold every position q there whose row x_q can lie within
  // squared Euclidean distance `limit` of a row of the leaves first, ..., last - 1: a position left
  // out has a certified lower bound on its squared distance to every row of those leaves that
  // exceeds `limit`. Requires first < last <= leaves().size().
  std::vector<Range> ranges_within(std::size_t first, std::size_t last, double limit) const;

 private:
  struct Node {
    Range rows;
    std::size_t left, right;  // children, kNoChild for a leaf
  };
  static constexpr std::size_t kNoChild = static_cast<std::size_t>(-1);

  std::size_t build(const std::vector<double>& x, Range rows, std::size_t leaf_rows);
  // Whether a certified lower bound on the exact squared distance between any point of the box
  // [lo, hi] (d coordinates each) and any row of node v exceeds `limit`.
  bool excludes(const double* lo, const double* hi, std::size_t v, double limit) const;
  // Appends to `out` the leaves of node's subtree after position `after` that the box [lo, hi]
  // does not exclude at `limit`, merging adjacent ones.
  void collect(std::size_t node, const double* lo, const double* hi, std::size_t after, double limit,
               std::vector<Range>& out) const;

  std::size_t d_;
  std::vector<std::size_t> order_;
  std::vector<Range> leaves_;
  std::vector<std::size_t> leaf_nodes_;  // the node of each leaf
  std::vector<Node> nodes_;
  std::vector<double> lo_, hi_;  // node u's box: coordinate k in [lo_[u d + k], hi_[u d + k]]
};

}  // namespace nb
