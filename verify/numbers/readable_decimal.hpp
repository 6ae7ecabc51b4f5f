#pragma once
// Numbers in decimal for a reader: messages, tables and witnesses print these, never the hex
// floats that case files hold to keep values exact.
#include <cstddef>
#include <string>

#include "verify/numbers/exact.hpp"

namespace nb {

// A binary64 value for a reader: its exact decimal expansion when that has at most 17 significant
// digits (0.5, 14.75), else the shortest decimal that reads back to x as binary64 (0.1 for the
// double nearest 1/10, which is not 1/10 itself). `exact`, when given, is set to whether the text
// denotes x exactly.
std::string readable_decimal(double x, bool* exact = nullptr);

// Entry i of `t` for a message: a literal as written ("1/3" stays exact), a binary64 value as
// readable_decimal prints it ("0", not "0x0p+0").
std::string decimal_text(const ExactTensor& t, std::size_t i);

}  // namespace nb
