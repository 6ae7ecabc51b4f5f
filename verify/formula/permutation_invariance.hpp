#pragma once
// Whether a theorem file's statement is invariant under every permutation of the entries of one
// of its vector inputs, read off the formulas: built only from what commutes with permutations
// (elementwise arithmetic and maps of the vector with scalars that do not read it, softmax and the
// normalizers, their Jacobians, which permute as P M P^T) and from what forgets the order (sum,
// max, min, count over an index variable, the norms, eigenvalues, largest). Anything else that
// reads the vector (an entry by its position, an index variable used as a number beside it, top-N
// sets and argmax, whose ties go to the smaller index, products with other vectors or matrices) is
// not shown invariant. A sufficient condition, checked on the formulas' trees: an invariant
// statement written otherwise may be missed, a statement it passes is invariant.
#include <cstddef>
#include <string>
#include <vector>

#include "verify/formula/theorem_spec.hpp"

namespace nb::formula {

// "" when the claims of `spec` at positions `claims` (empty: all), every [[assume]] and the
// definitions they read are invariant under permutations of the entries of the vector input
// `input`; else the first subexpression that is not shown so, as a located message with a caret
// under it ("theorem.toml:22:9: ... a[0] reads one entry of a vector that permutes with logits
// ...").
std::string permutation_invariance_failure(const TheoremSpec& spec, const std::string& input,
                                           const std::vector<std::size_t>& claims = {});

// Checks every vector input that declares `permutable = true`: throws InputError, the message
// that of permutation_invariance_failure, for one whose statement is not shown invariant.
void check_declared_permutable_inputs(const TheoremSpec& spec);

}  // namespace nb::formula
