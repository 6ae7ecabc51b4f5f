#pragma once
// A theorem stated in a text file (TOML), read and checked: what it is (id, title, source,
// fidelity, expectation), its inputs with the ranges its suite draws from, named definitions, and
// one or more claims `value relation bound`, each side a formula (verify/formula/formula.hpp).
//
//   id = "softmax-entropy-log-l"          kebab-case
//   title = "..."   source = "..."        one line each
//   fidelity = "extension"                verbatim | reconstructed | heuristic | extension
//   expect = "holds"                      holds | violated
//   statement = "..."                     optional LaTeX; else made from the claims
//   [inputs]
//   l = { kind = "vector", length = "L", range = [-30, 30] }
//   T = { kind = "scalar", range = [0.01, 100], positive = true }
//   L = { kind = "length", range = [2, 64] }
//   K = { kind = "matrix", rows = "L", cols = 3, range = [-1, 1] }   rows, cols: a length or a number
//   F = { kind = "choice", values = ["softmax", "tanh"] }   a case's option F, one of the words
//   [define]                              in order; each may use the inputs and those before it
//   a = "softmax(l / T)"
//   [[claim]]
//   value = "-sum(i, a[i] * log(a[i]))"
//   relation = "<="                       <=, <, >=, >, ==
//   bound = "log(L)"
//   for_every = "i"                       optional: a per-index claim, value and bound reading i
//   [[assume]]                            zero or more, each like a claim: a case on which one
//   value = "max(i, abs(l[i]))"           does not certainly hold is refused
//   relation = "<="
//   bound = "B"
//   [[quantity]]                          zero or more: recorded on every case, plotted by reports
//   name = "max_i a_i"
//   value = "max(i, a[i])"
//   [[witness]]                           zero or more pinned cases, checked besides the suite
//   label = "tied pair"                   (exact literals per input; lengths may be left out)
//   inputs = { l = [0, 0], T = 1 }
//   [suite]                               optional: a structured generator instead of the shapes
//   generator = "logit-cases"             logit-cases | finite-difference-cases | fixed-set-cases |
//                                         two-level-logit-cases | logit-pair-cases | key-query-cases |
//                                         bounded-logit-sweeps | length-scaled-cases |
//                                         paired-logit-cases | sparsemax-step-cases | scaled-token-cases |
//                                         separability-cases | separability-near-infimum-cases |
//                                         full-selection-cases | random-set-cases | random-rate-cases |
//                                         every-size-cases | coverage-cases | normalizer-cases |
//                                         normalizer-range-cases
//   max_L = 64                            the longest L it draws
//   paper_regime = true                   the default suite ends with the paper regime's shapes
//   regime_max_L = 16                     a regime runs it up to this L only, because ...
//   regime_why = "..."                    ... this (also: why a file taking no shape is not run)
//   sources = false                       not run on model sources' rows (its suite and saved cases only)
//
// A range end is an exact literal: a TOML integer, a string ("1/3", "0.1"), or a TOML float,
// taken as the shortest decimal that reads back as it (0.01 is 1/100); the range must hold a
// double (an integer where `integer = true`) for the suite to draw. Inputs may also say
// `integer = true` (scalars drawn as integers) and `positive = true` (an assumption: cases with a
// value <= 0 are refused) and `unbounded = true` (`search` may leave the range). A scalar or length may give `values = [a, b, ...]` in place of a range:
// the suite draws one of them, and a case holding another is refused. [[assume]] tables state further assumptions, refusing the cases on
// which they do not certainly hold. On a model source (`check --source`) an input reads the
// source's number of its own name, or the one `from = "logits"` names (logits, T, query, keys,
// values, vectors).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "verify/formula/formula.hpp"
#include "verify/engine/sides.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::formula {

struct InputSpec {
  enum class Kind { Scalar, Length, Vector, Matrix };
  std::string name;
  Kind kind = Kind::Scalar;
  std::string length;      // Vector: the name of the length input that sizes it
  std::string rows, cols;  // Matrix: each the name of a length input or a positive integer
  std::string low, high;   // the range, as exact literals
  std::vector<std::string> values;  // scalar, length: the exact literals drawn from (else the range)
  double draw_low = 0, draw_high = 0;  // the doubles nearest to the range inside it: where the suite draws
  bool integer = false;    // drawn as integers
  bool positive = false;   // assumed > 0
  std::string from;        // the number of a model source it reads (`from = "logits"`); "": its own name
  bool unbounded = false;  // `search` may move it beyond its range (else it stays inside)
  bool permutable = false; // a vector the statement is declared invariant under permuting (checked on reading)
  std::string fallback;    // scalar: the exact literal a case without it takes (`default`); "": required
  // A choice (`kind = "choice"`, a scalar here): the words it takes, read from the case's option of
  // its name; `values` holds their codes (verify/formula/vocabulary/vocabulary.hpp's choice_words).
  std::vector<std::string> words;
  bool is_choice() const { return !words.empty(); }
};

// A quantity a report records on every case and plots: [[quantity]] name and value.
struct QuantitySpec {
  std::string name;
  Formula value;
};

// A pinned case ([[witness]]): checked besides the suite whatever the seed.
struct WitnessSpec {
  std::string place;  // FILE:LINE:COLUMN of its table, for messages
  Case input;         // label, numbers and the lengths it gives (the others are read off)
};

// The structured generator a file's suite draws from ([suite]), instead of the five shapes.
struct SuiteSpec {
  enum class Generator {
    Shapes,
    LogitCases,
    FiniteDifferenceCases,
    FixedSetCases,
    TwoLevelLogitCases,
    LogitPairCases,
    KeyQueryCases,
    BoundedLogitSweeps,
    LengthScaledCases,
    PairedLogitCases,
    SparsemaxStepCases,
    ScaledTokenCases,
    SeparabilityCases,
    SeparabilityNearInfimumCases,
    FullSelectionCases,
    RandomSetCases,
    RandomRateCases,
    EverySizeCases,
    CoverageCases,
    NormalizerCases,
    NormalizerRangeCases,
    SphereExpectationCases,
  };
  std::string place;  // FILE:LINE:COLUMN of [suite], for messages ("" without one)
  Generator generator = Generator::Shapes;
  std::size_t max_L = 64;     // the longest L a generator draws
  std::size_t min_N = 1;      // the separability generators' smallest N
  bool paper_regime = false;  // the default suite ends with a case at each shape of the paper regime
  std::size_t regime_max_L = 0;  // the longest L a regime runs it at (0: any), for the reason regime_why
  std::string regime_why;        // why a regime leaves it out (beyond regime_max_L, or not at all)
  bool sources = true;           // it runs on a model source's rows (false: its suite and saved cases only)
};

// A claim, or an assumption (the same three keys).
struct ClaimSpec {
  Formula value;
  Relation relation = Relation::LessEqual;
  Formula bound;
};

struct TheoremSpec {
  TheoremInfo info;  // id, title, source, fidelity, expect, statement, summary, assumptions, reads
  std::vector<InputSpec> inputs;
  std::vector<std::pair<std::string, Formula>> definitions;
  std::vector<ClaimSpec> claims;
  std::vector<ClaimSpec> assumptions;
  std::vector<QuantitySpec> quantities;
  std::vector<WitnessSpec> witnesses;
  SuiteSpec suite;
};

// The rows and columns of a non-length input at the lengths `lengths` (which hold each length it
// names): 1 x 1 for a scalar, length x 1 for a vector, rows x cols for a matrix (each a length or
// a number).
std::pair<std::size_t, std::size_t> dimensions(const InputSpec& in, const std::map<std::string, std::int64_t>& lengths);

// The theorem stated by `text`, read from `file` (named in messages). Throws InputError
// "FILE:LINE:COLUMN: what" at the first value that is missing, of the wrong type or unknown, and
// where the text is larger or nests deeper than a theorem file may (checked before it is parsed:
// verify/formula/theorem_spec_nesting.hpp); FormulaError (the formula's place, the formula and a
// caret) for a formula that does not parse or costs more than a theorem's formulas may
// (verify/formula/formula_cost.hpp).
// Whether the formulas fit their inputs' shapes is checked when the theorem is made
// (verify/formula/file_theorem.hpp).
TheoremSpec read_theorem_spec(const std::string& text, const std::string& file);

}  // namespace nb::formula
