#pragma once
// Shrinking a case while a property keeps holding, as Hypothesis and RapidCheck shrink a failing
// example: fewer tokens and dimensions, integers closer to 1, whole tensors set to 0 or tied,
// numbers replaced by 0, by an earlier entry (a tie), by 1 or -1, by half of it, or by short
// dyadics. Each accepted step makes the case strictly simpler (CaseComplexity), so shrinking ends.
#include <cstddef>
#include <functional>

#include "verify/engine/case.hpp"

namespace nb::search {

// Simpler means fewer entries, then shorter exact text of the entries in total, then fewer
// distinct values (ties), then a smaller sum of magnitudes, compared in that order.
struct CaseComplexity {
  std::size_t entries = 0, text_length = 0, distinct_values = 0;
  double magnitude = 0;
  auto operator<=>(const CaseComplexity&) const = default;
};
CaseComplexity complexity_of(const Case& c);

// Whether a candidate keeps the property being shrunk for (e.g. "is certified VIOLATED"). An
// InputError (the candidate breaks the theorem's assumptions) counts as false.
using CaseProperty = std::function<bool(const Case&)>;

struct ShrunkCase {
  Case shrunk;
  std::size_t steps = 0;     // accepted simplifications
  std::size_t attempts = 0;  // candidates tried (calls of the property)
};

// Greedily applies the first simplification of `start` that keeps `property`, and repeats until
// none does or `max_attempts` candidates were tried. `start` must have the property.
ShrunkCase shrink_case(const Case& start, const CaseProperty& property, std::size_t max_attempts);

}  // namespace nb::search
