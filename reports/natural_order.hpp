#pragma once
// Order of names with numbers in them ("E[d~] at N = 2" before "N = 10"), for listings whose
// entries a JSON object has put in text order.
#include <string>

namespace nb::reports {

// a < b comparing runs of decimal digits as numbers (leading zeros ignored, then the shorter
// spelling first) and everything else character by character.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace nb::reports
