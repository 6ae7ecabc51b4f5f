#pragma once
// A bound stated as text: the expressions of a theorem file ("-sum(i, a[i] * log(a[i]))"),
// parsed once into a tree that every number type evaluates (verify/formula/formula_evaluation.hpp)
// and that prints as LaTeX (verify/formula/formula_latex.hpp).
//
// Grammar, loosest first:
//   formula  := sum (relation sum)?             relation: < <= > >= == !=; a comparison is a
//                                               condition, a value only inside indicator, count
//                                               and where (also the form of a call's argument and
//                                               of a parenthesis)
//   sum      := product (('+' | '-') product)*
//   product  := signed (('*' | '/') signed)*
//   signed   := '-' signed | power
//   power    := indexed ('^' signed)?            right-associative: 2^-1, a^b^c = a^(b^c)
//   indexed  := atom ('[' sum ']')*
//   atom     := number | name | name '(' formula (',' formula)* ')' | '(' formula ')'
// A formula's tree is at most kMaxFormulaHeight deep (a chain of 1 + 1 + ... counts too).
// Numbers are exact literals (verify/numbers/number_literal.hpp: 3, 0.1 as the decimal it is, 1e-3); a
// fraction is written as a division (1/3). Names are letters, digits and '_', not starting with a
// digit. What a name or a call means is decided when the tree is evaluated.
#include <cstddef>
#include <string>
#include <vector>

#include "verify/io/errors.hpp"

namespace nb::formula {

struct Node {
  enum class Kind { Number, Name, Negate, Add, Subtract, Multiply, Divide, Power, Index, Call, Compare };
  Kind kind;
  std::string text;         // Number: the literal; Name: the name; Call: the function's name; Compare: the relation
  std::vector<Node> args;   // operands in order (Index: the indexed value, then the index)
  std::size_t position = 0; // offset of the node's first character in the formula's text
  std::size_t height = 1;   // of the tree under it (1: a leaf); at most kMaxFormulaHeight
};

// How deep a formula's tree may be: what evaluates it and prints it recurses once per level.
inline constexpr std::size_t kMaxFormulaHeight = 500;

// A formula, the text it was parsed from, and where that text is ("theorem.toml:12:9", or "").
struct Formula {
  std::string text;
  Node root;
  std::string origin;
};

// An error located in a formula: where the formula is, what went wrong, the formula, and a caret
// under the place ("theorem.toml:12:9: unknown name 'y' ... (column 3)", then the two lines).
struct FormulaError : InputError {
  FormulaError(const std::string& what, const std::string& text, std::size_t position, const std::string& origin = "");
  std::size_t position;
};

// The tree of `text`, which is at `origin`. Throws FormulaError at the first character that does
// not fit the grammar.
Formula parse_formula(const std::string& text, const std::string& origin = "");

// `text` with a second line holding a caret under column `position` (both indented by two spaces).
std::string with_caret(const std::string& text, std::size_t position);

}  // namespace nb::formula
