#pragma once
// The region a proof covers: the lengths of a theorem file's inputs fixed, and every entry of
// every other input (a scalar, each entry of a vector or matrix) in an interval with exact
// rational ends. A box is such a region or a part of it, one interval per coordinate.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/numbers/rational.hpp"

namespace nb::prove {

// One coordinate of a region: entry `entry` (row-major) of input `input`.
struct Coordinate {
  std::string input;
  std::size_t entry = 0;
  std::string label;  // "T", "logits[1]", "keys[0][1]"
};

// Closed intervals [lo[k], hi[k]], one per coordinate, lo[k] <= hi[k].
struct Box {
  std::vector<Rational> lo, hi;
  bool operator==(const Box&) const = default;
};

// Most coordinates a region may have: a proof by boxes splits each many times, so a region of
// thousands of coordinates is out of its reach long before memory is.
inline constexpr std::size_t kMaxRegionCoordinates = 256;

// A vector input proved on its ordered cone (verify/prove/ordered_cone.hpp): coordinates
// first .. first + length - 1 of the region are its largest entry and the differences of
// consecutive entries in decreasing order; every entry of it lies in [lo, hi].
struct OrderedCone {
  std::string input;
  std::size_t first = 0, length = 0;
  Rational lo, hi;
};

struct Region {
  std::map<std::string, std::int64_t> sizes;  // every length input of the theorem
  std::vector<Coordinate> coordinates;        // inputs in the file's order, entries row-major
  Box box;
  std::optional<OrderedCone> cone;            // coordinates of an ordered cone in place of entries
};

// The region of `spec` that the options give: `sizes` "NAME=N" for its lengths (a length whose
// range or values hold one integer needs none), `intervals` "NAME=[LO,HI]" (exact literals, as in
// case files; LO <= HI) for every entry of an input. An input given no interval takes its declared
// range when `declared_ranges` (a theorem file), and is a usage error naming the inputs to give
// otherwise. An input with `values` takes an interval [v, v] of one of them. Throws UsageError
// naming the option at fault (an unknown name, a length given twice, a size below 1 or above
// 2^20, more than kMaxRegionCoordinates coordinates).
Region make_region(const formula::TheoremSpec& spec, const std::vector<std::string>& sizes,
                   const std::vector<std::string>& intervals, bool declared_ranges);

// The exact text of q as a number literal: a binary64 value as its exact decimal or hexadecimal
// form (exact_decimal_or_hex), any other rational as "n/d".
std::string rational_literal(const Rational& q);

// "[lo, hi]" of coordinate k of `box`, ends as rational_literal writes them.
std::string interval_text(const Box& box, std::size_t k);

// The case of `spec`'s theorem at the point `point` (one exact value per coordinate) of `region`.
Case point_case(const formula::TheoremSpec& spec, const Region& region, const std::vector<Rational>& point);

// Whether `c` lies in `box`: its lengths those of `region`, each coordinate's entry in its interval.
bool case_in_box(const Case& c, const Region& region, const Box& box);

// The point of `box` halfway along every coordinate.
std::vector<Rational> midpoint(const Box& box);

// The volume of `box` over the coordinates of `region` whose interval has width > 0 (a fixed
// coordinate, T = [1, 1], counts as 1).
Rational volume(const Box& box, const Region& region);

}  // namespace nb::prove
