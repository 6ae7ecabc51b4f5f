#pragma once
// A binary64 as the shortest decimal text that reads back to it, and that text read back: how the
// tables and figures of a reproduction keep their numbers in CSV and JSON ("nan", "inf" and
// "-inf" too, which JSON numbers cannot hold).
#include <string>

namespace nb::reports {

// The shortest decimal that reads back to `value` ("nan", "inf", "-inf" for those).
std::string shortest_number_text(double value);

// The binary64 that `text` (shortest_number_text's form, or any decimal) reads as; throws
// InputError naming the text when it is not a number.
double number_of_text(const std::string& text);

}  // namespace nb::reports
