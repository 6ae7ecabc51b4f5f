#pragma once
// The last line of `check`, in the manner of pytest's: what happened, in one line, naming every
// theorem whose outcome was not the expected one.
#include <string>

#include "verify/results/results.hpp"

namespace nb::cli {

// "== 25 theorems, 2500 cases: 23 as expected, 1 UNEXPECTED (id), 2 of them with undecided cases,
// 12 cases REFUSED ==" (parts with a count of 0 left out, except "as expected").
std::string summary_line(const RunResults& results);

}  // namespace nb::cli
