#pragma once
// recheck's second arithmetic: a leaf of a certificate decided again in Arb balls
// (verify/numbers/arb_interval.hpp, FLINT's Arb) rather than in the binary64 intervals or MPFI
// that `prove` used, so that a wrong enclosure of one arithmetic (a rounding direction, an
// elementary function's error bound) cannot pass both. The statement's formulas, kernels and
// forms are the same code instantiated for the other number type: what both paths still share
// is the algorithm of each kernel and form (docs/prove.md lists them), not its arithmetic.
//
// A ball holds [lo, hi] as a midpoint and radius, and on a wide box it loses more than an
// interval does (a product's radius, a quotient near 0), so a leaf that one interval evaluation
// decided may need pieces in Arb: the leaf is cut at the midpoint of its widest side relative to
// the region, up to kMaxArbPieces pieces, and where that does not decide every piece, again from
// the whole leaf at its side widest relative to its magnitude (where a ball loses most), up to
// kMaxArbPieces more. Deciding the pieces decides the leaf, as the pieces cover it. Where balls
// still do not decide a leaf that binary64 intervals (normbound's own rounding) decided, MPFI is
// its second arithmetic.
#include <chrono>
#include <cstddef>

#include "verify/prove/box_statement.hpp"
#include "verify/prove/region.hpp"

namespace nb::prove {

// Most pieces one leaf may be cut into for its evaluation in Arb, by each way of cutting.
inline constexpr std::size_t kMaxArbPieces = 256;

struct PiecesVerdict {
  // Whether every piece evaluates as `want` (for Holds, a piece outside the assumptions counts
  // too: nothing is claimed there).
  bool decided = false;
  BoxStatus first_other = BoxStatus::Undecided;  // not decided: what the first such piece gave
  std::size_t pieces = 0;                        // pieces evaluated
  bool late = false;                             // not decided because the deadline came first
};

// The same in MPFI at `bits`, cut at the side widest relative to the region: the second
// arithmetic of a binary64 leaf that Arb balls do not decide (the softmax Jacobian's norm on
// [-1, 1]^3 x [1, 2], one binary64 box, stays undecided in Arb after 484 pieces).
PiecesVerdict evaluate_leaf_in_mpfi(const BoxStatement& statement, const Region& region, const Box& box, BoxStatus want,
                                     unsigned bits, std::chrono::steady_clock::time_point deadline);

// The leaf `box` of `region` evaluated in Arb balls at `bits` (>= 64), cut into pieces as above,
// none started after `deadline`.
PiecesVerdict evaluate_leaf_in_arb(const BoxStatement& statement, const Region& region, const Box& box, BoxStatus want, unsigned bits,
                                    std::chrono::steady_clock::time_point deadline);

}  // namespace nb::prove
