#pragma once
// What evaluating a theorem file's formulas costs, bounded before any case runs. A formula's work
// grows with its sums and the lengths they run over (sum(i, sum(j, ...)) over L = 2^20 is 2^40
// terms), and in exact arithmetic with its constant exponents (x^100000000 is a product of 10^8
// factors whose numbers grow to 10^8 times the size of x). The estimate counts, at the high ends of
// the lengths, the operations on numbers of one word that one evaluation of every formula takes:
//   - an entry-wise operation: one per entry of its result (shapes bounded as the inputs' largest);
//   - sum, max, min, vec(i, e): the length i runs over, times e's cost;
//   - softmax_jacobian(l, T): L^2; spectral_norm(M): rows x cols x min(rows, cols);
//   - a power with a constant exponent e, exp of a constant c: |e| log2 |e| (|c| log2 |c|) per
//     entry, what exact arithmetic pays for the product (or the digits) it makes;
//   - a name bound to a definition: its entries (the definition's own cost is counted once).
// The estimate is an upper bound of the work of an evaluation in every tier up to a factor that
// depends on the precision, never of what a formula costs when an enclosure is refined.
#include "verify/formula/theorem_spec.hpp"

namespace nb::formula {

// The most operations one evaluation of all of a theorem file's formulas may cost (docs/limits.md):
// a case of binary64 intervals takes at most a few seconds.
inline constexpr double kMaxFormulaCost = 1073741824.0;  // 2^30

// The estimated cost of evaluating every definition, claim and assumption of `spec` once, at the
// high ends of its lengths (above). Throws FormulaError (the formula's place in the file, the
// formula and a caret) at the first node whose cost, with those of the formulas before it, is
// above kMaxFormulaCost.
double check_formula_costs(const TheoremSpec& spec);

}  // namespace nb::formula
