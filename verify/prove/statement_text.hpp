#pragma once
// What a region proof is about, as `prove` announces it and `recheck` reports what it verified:
// each claim as its file writes it, the sizes, and the region with every end exact (and, where the
// exact literal is a fraction or a hexadecimal float, its value in decimals).
#include <cstddef>
#include <string>

#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/region.hpp"

namespace nb::prove {

// "claim 2: max(a) <= 1/(2*T)": claim `k` (0-based) of `spec`, numbered from 1.
std::string claim_line(const formula::TheoremSpec& spec, std::size_t k);

// "L = 3, d = 2", or "none".
std::string sizes_text(const Region& region);

// "logits in [-2, 2] (each of 3 entries); T in [1/3 (0.333333), 2]": each input's coordinates of
// `box`, an interval shared by all its entries written once.
std::string region_text(const Region& region, const Box& box);

}  // namespace nb::prove
