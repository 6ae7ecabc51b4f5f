#pragma once
// A vocabulary function: a kernel that formulas call by name (matmul, eigmax, sparsemax, ...),
// described once for the compiler (verify/formula/formula_program.hpp: its arguments' shapes, its
// value's shape and size), for LaTeX (formula_latex.cpp) and for the cost limit (formula_cost.cpp).
// Each family (linear_algebra.hpp, normalizers.hpp) lists its entries and gives, per number type R,
// the kernel of each name (none for the prove gradients where it has no derivative kernel).
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "verify/formula/formula_value.hpp"

namespace nb::formula {

// The rows and columns of a value as far as they are known before a case: a number, a length's
// name, or "" (unknown). A scalar is {"1", "1"}.
struct Size {
  std::string rows = "1", cols = "1";
};

// A mistake of use that only a case's sizes show (a product of a 2 x 3 by a 2 x 3 matrix): the
// compiler reports it at the call as a FormulaError. Also a shape the function does not take.
struct VocabularyMisuse : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// What a VocabularyEntry's functions take: the arguments' shapes and sizes, their rows and columns
// as numbers (largest), their LaTeX.
using Shapes = const std::vector<Shape>&;
using Sizes = const std::vector<Size>&;
using Extents = const std::vector<std::pair<double, double>>&;
using Texts = const std::vector<std::string>&;

struct VocabularyEntry {
  std::string name;
  std::size_t arity = 1;
  // The value's shape and size from the arguments' shapes and sizes; throws VocabularyMisuse where
  // a shape is not one the function takes, or sizes that are numbers cannot go together (checked
  // when the file is read).
  std::function<std::pair<Shape, Size>(Shapes, Sizes)> result;
  // The LaTeX of a call, from its arguments' LaTeX.
  std::function<std::string(Texts)> latex;
  // The estimated operations of a call, from the largest rows and columns of its arguments.
  std::function<double(Extents)> cost;
  // Its kernel keeps work (SharedWork) that calls of its family on the same arguments reuse.
  bool shares_work = false;
};

// Work that calls of one family on the same arguments share within one evaluation (Theorem 2's
// distances and separable count build one set of Gram rows): keyed by the arguments' values'
// addresses, which the compiler passes only where no argument reads a loop counter, so that one
// address holds one value for the whole evaluation (each compiled value has a slot of its own).
// Which calls share is a matter of speed only: a value never depends on it.
class SharedWork {
 public:
  // The work of type T kept under `key`, made by make() where there is none.
  template <class T, class Make>
  T& get(const std::vector<const void*>& key, Make make) {
    for (const auto& [k, work] : entries_)
      if (k == key) return *static_cast<T*>(work.get());
    std::shared_ptr<T> made = make();
    entries_.emplace_back(key, made);
    return *made;
  }

 private:
  std::vector<std::pair<std::vector<const void*>, std::shared_ptr<void>>> entries_;
};

// "a scalar", "a vector of length L", "a 2 x 3 matrix".
std::string shape_words(Shape s, const Size& size);
// Throws VocabularyMisuse unless argument k of `function` has shape `wanted`.
void need_shape(const std::string& function, std::size_t k, const std::vector<Shape>& shapes,
                const std::vector<Size>& sizes, Shape wanted);
// Whether two sizes are numbers that differ (a length's name may be anything until a case).
bool sizes_differ(const std::string& a, const std::string& b);

// An argument's LaTeX as an operand of a product or a power: parenthesized unless one symbol.
std::string latex_operand(const std::string& tex);

// One evaluated argument: the one pointer of its shape is set; `exact` is the exact value where
// the argument is an input whose exact value the run has (null otherwise), for kernels that decide
// or screen on it.
template <class R>
struct Operand {
  const R* scalar = nullptr;
  const Vector<R>* vector = nullptr;
  const Matrix<R>* matrix = nullptr;
  const ExactTensor* exact = nullptr;
  // The evaluation's shared work where the entry shares work and no argument reads a loop counter.
  SharedWork* shared = nullptr;
};

// The kernel of an entry in number type R. It may throw VocabularyMisuse (sizes) and OutsideDomain
// (an argument certainly outside the function's domain); the compiler adds the place.
template <class R>
using VocabularyKernel = std::function<Value<R>(std::span<const Operand<R>>)>;

}  // namespace nb::formula
