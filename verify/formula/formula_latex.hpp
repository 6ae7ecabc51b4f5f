#pragma once
// The LaTeX of a formula (verify/formula/formula.hpp), so that a bound stated once as text also
// prints as mathematics: a[i] as a_{i}, sum(i, e) as \sum_{i} e, a / b as \frac{a}{b}, Greek
// names as letters, other names of more than one letter upright. Parentheses only where the
// grammar needs them.
#include <string>

#include "verify/formula/formula.hpp"

namespace nb::formula {

std::string latex(const Formula& f);

// The LaTeX of a name as formulas print it (a Greek name as its letter, a longer one upright).
std::string latex_name(const std::string& name);

}  // namespace nb::formula
