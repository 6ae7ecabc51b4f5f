#pragma once
// The kernels a statement's box evaluation calls whose algorithm recheck's two arithmetics share
// (docs/prove.md): each runs in Arb balls as in the first arithmetic, so only a mistake in its
// arithmetic, not in its reasoning, is caught by the second. Every leaf evaluates every formula
// of the statement's claims and definitions, so every evaluated leaf goes through each of them.
#include <string>
#include <vector>

#include "verify/prove/box_statement.hpp"

namespace nb::prove {

// "softmax over a box (verify/kernels/softmax_over_box.hpp)", ...: the kernels the definitions and
// the claims at `claims` of `spec` call, with `kernels` for softmax, and the mean-value form where
// `derivatives` (BoxStatement::uses_derivatives); in a fixed order, each once.
std::vector<std::string> shared_kernels(const formula::TheoremSpec& spec, const std::vector<std::size_t>& claims,
                                        BoxKernels kernels, bool derivatives);

}  // namespace nb::prove
