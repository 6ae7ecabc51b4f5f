#pragma once
// The symmetry reduction of a region proof. Where a statement is invariant under permutations of
// the entries of a vector input l (verify/formula/permutation_invariance.hpp, read off its
// formulas) and the region gives every entry of l one interval [lo, hi], every point of the
// region is a permutation of one with l_0 >= l_1 >= ... >= l_{L-1} in the region, at which each
// claim's slack is the same: a proof on the ordered cone is a proof on the region. The cone is
// proved in the coordinates t = l_0 in [lo, hi] and d_m = l_{m-1} - l_m in [0, hi - lo]
// (m = 1 .. L-1), in which every tie l_{m-1} = l_m is a face (d_m = 0) of the boxes, rather than a
// diagonal across them; the box of those coordinates holds the cone's part of the region, and a
// box certainly outside it (t - sum d_m < lo everywhere) is left out as outside the region.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/region.hpp"

namespace nb::prove {

// The region of the proof on the ordered cone of the first vector input of `spec` that `region`
// allows (at least two entries, one interval [lo, hi] with lo < hi for all, not declared
// positive, the claims at `claims` and the assumptions invariant under its permutations), or none.
std::optional<Region> ordered_cone_region(const formula::TheoremSpec& spec, const Region& region,
                                          const std::vector<std::size_t>& claims);

// The same reduction for the named input, as a certificate records it; throws InputError saying
// which condition fails (the statement not shown invariant, with the subexpression; entries with
// different intervals; no such vector input).
Region ordered_cone_region_of(const formula::TheoremSpec& spec, const Region& region, const std::vector<std::size_t>& claims,
                              const std::string& input);

// Whether `box` (of a cone region) lies certainly outside the region: l_{L-1} = t - sum d_m < lo
// at every point of it, decided on the exact ends.
bool outside_cone_region(const Region& cone_region, const Box& box);

// The entries l_0 .. l_{L-1} of the cone's input from its coordinates' values v (t, d_1, ...):
// l_i = t - (d_1 + ... + d_i), in V's arithmetic (an enclosure for intervals).
template <class V>
void cone_entries(const Region& region, std::vector<V>& v) {
  if (!region.cone) return;
  const std::size_t first = region.cone->first;
  for (std::size_t i = 1; i < region.cone->length; ++i) v[first + i] = v[first + i - 1] - v[first + i];
}

}  // namespace nb::prove
