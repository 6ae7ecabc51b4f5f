#pragma once
// "Say why": what an UNDECIDED proof can tell of where it is stuck. The residual boxes are where
// no enclosure of a claim's slack over a whole box decided; next to a set where a bound is
// attained (a tie of two logits, q = 0, T at an end of its range) the slack is 0, so every box
// that meets the set has an enclosure around 0, and boxes pile up there.
#include <string>
#include <vector>

#include "verify/prove/region.hpp"
#include "verify/prove/region_proof.hpp"

namespace nb::prove {

// The smallest box holding every box of `leaves` (not empty).
Box residual_hull(const std::vector<const ProofLeaf*>& leaves);

// The hull of `leaves`' boxes, coordinate by coordinate, in decimals of 6 significant digits
// rounded outward (a hull still): "logits[0] in [-0.25, 0.5], ...; T in [0.5, 0.625]". Coordinates
// whose hull is the region's whole side are left out ("" when every coordinate is).
std::string residual_hull_text(const Region& region, const std::vector<const ProofLeaf*>& leaves);

// Where the boxes of `leaves` pile up: the sets that every box meets or lies within its own width
// of (a box whose sibling meets the set is stuck by it too), among the ties of two entries of one
// input (entries i and j equal; any two of them), a coordinate at an end of its region (T = 1/2;
// every box touching it) and a coordinate at 0 inside its region (query[0] = 0; on sides at most
// a quarter of the region's), the last two only where the hull is narrower than the region's side; failing those, the set most boxes are next to, with their
// count, when at least half are. "" when none is.
std::string stuck_set_text(const Region& region, const std::vector<const ProofLeaf*>& leaves);

}  // namespace nb::prove
