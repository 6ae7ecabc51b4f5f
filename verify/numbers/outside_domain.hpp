#pragma once
// OutsideDomain: a partial operation (a division, log, log1p, sqrt, a power) got an argument that
// is certainly outside its domain (a divisor exactly 0, the log of a number certainly <= 0), so the
// expression has no real value there. It is not an enclosure that is too wide (that is NaN,
// "unknown") and not an input mistake: a claim that is undefined at a case gets no PROVEN, VIOLATED
// or EQUAL, but INCONCLUSIVE with what() as its reason (docs/guarantees.md).
#include <stdexcept>

namespace nb {

struct OutsideDomain : std::domain_error {
  using std::domain_error::domain_error;
};

}  // namespace nb
