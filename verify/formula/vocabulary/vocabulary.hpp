#pragma once
// The vocabulary functions of every family, found by name: what the compiler
// (formula_program.hpp), LaTeX (formula_latex.cpp), the cost limit (formula_cost.cpp) and `prove`
// (box_statement.cpp) ask of a call whose name is not one of the compiler's own.
#include <string>
#include <vector>

#include "verify/formula/vocabulary/integers.hpp"
#include "verify/formula/vocabulary/linear_algebra.hpp"
#include "verify/formula/vocabulary/normalizer_kernels.hpp"
#include "verify/formula/vocabulary/normalizers.hpp"
#include "verify/formula/vocabulary/sign_splits.hpp"
#include "verify/formula/vocabulary/separation.hpp"
#include "verify/formula/vocabulary/vocabulary_function.hpp"

namespace nb::formula {

// The entry named `name`, or null.
const VocabularyEntry* vocabulary_entry(const std::string& name);

// The names of every entry, sorted (for the message of an unknown function).
std::vector<std::string> vocabulary_names();

// The words a choice input may take (`kind = "choice"`), in code order: a choice holding word k
// is the scalar k in formulas, which the family that defines the word reads (normalizer kernels).
const std::vector<std::string>& choice_words();

// The kernel of `name` in R; empty where there is none (for the prove gradients: no derivative).
template <class R>
VocabularyKernel<R> vocabulary_kernel(const std::string& name) {
  if (VocabularyKernel<R> k = linear_algebra_kernel<R>(name)) return k;
  if (VocabularyKernel<R> k = normalizer_kernel<R>(name)) return k;
  if (VocabularyKernel<R> k = separation_kernel<R>(name)) return k;
  if (VocabularyKernel<R> k = integer_kernel<R>(name)) return k;
  if (VocabularyKernel<R> k = normalizer_kernel_kernel<R>(name)) return k;
  return sign_split_kernel<R>(name);
}

}  // namespace nb::formula
