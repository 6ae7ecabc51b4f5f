#pragma once
// What the evaluation of one box of a region proof yields (verify/prove/region_proof.hpp): all
// that the tree, the next wave and the certification of a counterexample are built from.
#include <optional>
#include <vector>

#include "verify/engine/engine.hpp"
#include "verify/prove/box_statement.hpp"

namespace nb::prove {

struct BoxResult {
  BoxStatus status = BoxStatus::Undecided;
  Tier tier = Tier::Binary64;
  unsigned bits = kBinary64TierBits;
  Mpfr slack_lo;                                   // the lowest slack end over its claims (NaN if unknown)
  int cut = -1;                                    // the coordinate to cut (undecided boxes)
  std::optional<std::vector<Rational>> candidate;  // a point where a claim certainly fails
};

}  // namespace nb::prove
