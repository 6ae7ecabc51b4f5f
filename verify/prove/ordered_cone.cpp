#include "verify/prove/ordered_cone.hpp"

#include "verify/formula/permutation_invariance.hpp"
#include "verify/io/errors.hpp"

namespace nb::prove {

Region ordered_cone_region_of(const formula::TheoremSpec& spec, const Region& region, const std::vector<std::size_t>& claims,
                              const std::string& input) {
  std::size_t first = region.coordinates.size(), length = 0;
  for (std::size_t k = 0; k < region.coordinates.size(); ++k)
    if (region.coordinates[k].input == input) {
      first = std::min(first, k);
      ++length;
    }
  bool vector = false, positive = false;
  for (const formula::InputSpec& in : spec.inputs)
    if (in.name == input) {
      vector = in.kind == formula::InputSpec::Kind::Vector;
      positive = in.positive;
    }
  if (!vector || length < 2) throw InputError("no ordered cone of " + input + ": it is not a vector input of two entries or more");
  // `positive` is decided on a box's coordinates, which on the cone are differences, not entries.
  if (positive) throw InputError("no ordered cone of " + input + ": it is declared positive");
  const Rational lo = region.box.lo[first], hi = region.box.hi[first];
  for (std::size_t k = first; k < first + length; ++k)
    if (region.box.lo[k] != lo || region.box.hi[k] != hi)
      throw InputError("no ordered cone of " + input + ": its entries do not all have the interval of " +
                       region.coordinates[first].label + " (" + region.coordinates[k].label + " in " + interval_text(region.box, k) + ")");
  if (!(lo < hi)) throw InputError("no ordered cone of " + input + ": its interval is a point");
  if (const std::string why = formula::permutation_invariance_failure(spec, input, claims); !why.empty())
    throw InputError("no ordered cone of " + input + ": " + why);
  Region cone = region;
  cone.cone = OrderedCone{input, first, length, lo, hi};
  cone.coordinates[first].label = input + "[0] (the largest)";
  for (std::size_t m = 1; m < length; ++m) {
    const std::size_t k = first + m;
    cone.coordinates[k].label = input + "[" + std::to_string(m - 1) + "] - " + input + "[" + std::to_string(m) + "]";
    cone.box.lo[k] = Rational(0);
    cone.box.hi[k] = hi - lo;
  }
  return cone;
}

std::optional<Region> ordered_cone_region(const formula::TheoremSpec& spec, const Region& region,
                                          const std::vector<std::size_t>& claims) {
  for (const formula::InputSpec& in : spec.inputs) {
    if (in.kind != formula::InputSpec::Kind::Vector) continue;
    try {
      return ordered_cone_region_of(spec, region, claims, in.name);
    } catch (const InputError&) {  // this input allows no reduction: try the next
    }
  }
  return std::nullopt;
}

bool outside_cone_region(const Region& cone_region, const Box& box) {
  if (!cone_region.cone) return false;
  const OrderedCone& c = *cone_region.cone;
  Rational last = box.hi[c.first];
  for (std::size_t m = 1; m < c.length; ++m) last -= box.lo[c.first + m];
  return last < c.lo;
}

}  // namespace nb::prove
