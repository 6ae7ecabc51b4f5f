#pragma once
// A proof on the neighbourhood of one real row: every vector and matrix input of a case (a model
// source's row: its logits, or its query and keys) widened entrywise by a radius r, every scalar
// (T) kept as the row gives it. Rows of a model have hundreds to thousands of coordinates
// (L = 1024 logits, or a query and 1024 keys of 64 entries), far beyond splitting in each, so the
// whole box is evaluated once first, with the kernels whose enclosure is the range over a box
// (softmax's weights at their extreme vertices, the softmax Jacobian's norm by Weyl's
// inequality, its 2 x 2 compression and Gershgorin's discs); only a box that stays undecided
// and has at most kMaxRegionCoordinates coordinates is split, by the region proof's branch and
// bound within the row's box and time limits.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/numbers/rational.hpp"
#include "verify/prove/region.hpp"
#include "verify/prove/region_proof.hpp"

namespace nb::prove {

// The box around `row`: its lengths read off its inputs' shapes (or its integers), each entry e of
// a vector or matrix input in [e - radius, e + radius], each scalar input at its value (an input
// the row lacks takes the file's `default`). Throws InputError naming the input the row lacks.
Region row_region(const formula::TheoremSpec& spec, const Case& row, const Rational& radius);

// How a row's neighbourhood was decided.
enum class RowMethod {
  WholeBox,  // the whole box in one evaluation
  Split,     // branch and bound on the box (a row of at most kMaxRegionCoordinates coordinates)
};

const char* row_method_key(RowMethod m);  // "one box", "split"

struct RowProof {
  ProofOutcome outcome = ProofOutcome::Undecided;
  RowMethod method = RowMethod::WholeBox;
  std::size_t boxes = 1;  // evaluated
  // UNDECIDED: the first residual box (the whole box when it was not split) and why it was not
  // split further ("box limit", "time limit", "smallest boxes", or the row's coordinates).
  std::optional<Box> residual;
  std::string stopped_by;
  Mpfr slack_lo;                // the lowest end of a claim's slack over the whole box (NaN: unknown)
  std::optional<Case> witness;  // VIOLATED: the certified counterexample
  bool outside_assumptions = false;  // PROVEN ON REGION because no point of the box meets them
};

// Proves `claims` of `spec` (empty: all) on `region` (row_region's). The whole box first, in
// binary64 intervals and the natural form with the range kernels; a box that stays undecided is
// split by prove_region (with `split_forms`, `settings`) when it has at most
// kMaxRegionCoordinates coordinates, and otherwise its centre (the row itself) is given to
// `certify`: a certified violation is a counterexample, else the row stays UNDECIDED.
RowProof prove_row(const formula::TheoremSpec& spec, const Region& region, const std::vector<std::size_t>& claims,
                   BoxForms split_forms, const ProofSettings& settings, const CertifyFn& certify);

}  // namespace nb::prove
