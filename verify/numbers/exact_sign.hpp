#pragma once
// The sign of an exact number as far as an exact evaluation can decide it (verify/numbers/exact_real.hpp),
// kept apart from Calcium so that the verdict rules need not include it.

namespace nb {

enum class ExactSign { Negative, Zero, Positive, Unknown };

}  // namespace nb
