#include "verify/prove/leaf_in_arb.hpp"

#include <algorithm>
#include <vector>

#include "verify/numbers/arb_numbers.hpp"

namespace nb::prove {
namespace {

// How a piece is cut: at its side widest relative to the region's, or relative to its own
// magnitude, width / max(|lo|, |hi|) (what makes a ball lose most: [m +/- r] times a positive
// ball reaches far below the interval product's low end once r is a good part of m).
enum class Widest { RelativeToRegion, RelativeToMagnitude };

// The side of `box` widest as `rule` measures (a side of width 0 is never cut); -1 when every
// side has width 0.
int widest_side(const Box& box, const Region& region, Widest rule) {
  int best = -1;
  Rational best_width = 0;
  for (std::size_t k = 0; k < box.lo.size(); ++k) {
    const Rational side = region.box.hi[k] - region.box.lo[k];
    if (box.hi[k] == box.lo[k] || side == 0) continue;
    const Rational scale = rule == Widest::RelativeToRegion ? side : std::max(abs(box.lo[k]), abs(box.hi[k]));
    const Rational width = (box.hi[k] - box.lo[k]) / scale;
    if (best < 0 || width > best_width) {
      best = static_cast<int>(k);
      best_width = width;
    }
  }
  return best;
}

// The leaf cut by `rule` into at most kMaxArbPieces pieces, each evaluated in R, as
// evaluate_leaf_in_arb.
template <class R>
PiecesVerdict pieces_in(const BoxStatement& statement, const Region& region, const Box& box, BoxStatus want,
                         unsigned bits, std::chrono::steady_clock::time_point deadline, Widest rule) {
  PiecesVerdict out;
  std::vector<Box> open = {box};
  while (!open.empty()) {
    if (std::chrono::steady_clock::now() > deadline) {
      out.late = true;
      return out;
    }
    Box piece = std::move(open.back());
    open.pop_back();
    const BoxStatus s = statement.evaluate<R>(piece, bits).status;
    ++out.pieces;
    if (s == want || (want == BoxStatus::Holds && s == BoxStatus::OutsideAssumptions)) continue;
    const int k = widest_side(piece, region, rule);
    // A piece that fails everywhere, or that cannot be cut within the budget, ends the attempt.
    if (s == BoxStatus::Fails || k < 0 || out.pieces + open.size() + 2 > kMaxArbPieces) {
      out.first_other = s;
      return out;
    }
    const auto side = static_cast<std::size_t>(k);
    Box upper = piece;
    piece.hi[side] = upper.lo[side] = (piece.lo[side] + piece.hi[side]) / 2;
    open.push_back(std::move(upper));
    open.push_back(std::move(piece));
  }
  out.decided = true;
  return out;
}

}  // namespace

PiecesVerdict evaluate_leaf_in_arb(const BoxStatement& statement, const Region& region, const Box& box, BoxStatus want,
                                    unsigned bits, std::chrono::steady_clock::time_point deadline) {
  PiecesVerdict out = pieces_in<ArbInterval>(statement, region, box, want, bits, deadline, Widest::RelativeToRegion);
  if (out.decided || out.late || out.first_other == BoxStatus::Fails) return out;
  const std::size_t first = out.pieces;
  out = pieces_in<ArbInterval>(statement, region, box, want, bits, deadline, Widest::RelativeToMagnitude);
  out.pieces += first;
  return out;
}

PiecesVerdict evaluate_leaf_in_mpfi(const BoxStatement& statement, const Region& region, const Box& box, BoxStatus want,
                                     unsigned bits, std::chrono::steady_clock::time_point deadline) {
  return pieces_in<Interval>(statement, region, box, want, bits, deadline, Widest::RelativeToRegion);
}

}  // namespace nb::prove
