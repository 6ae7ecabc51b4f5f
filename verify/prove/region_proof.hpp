#pragma once
// A proof over a region by branch and bound, as interval solvers (Ibex, dReal) and the Flyspeck
// inequality proofs do: a box on which the statement's enclosure decides is a leaf; any other box
// is cut in two at the midpoint of one coordinate, until every box is decided, a certified
// counterexample is found, or a limit is reached. The boxes form a binary tree whose leaves
// cover the region exactly (every cut splits a box in two closed halves), which is what a
// certificate records (verify/prove/proof_certificate.hpp).
//
// A box is evaluated in binary64 intervals first; one whose every side is below 2^-30 of its scale
// and still undecided is evaluated in MPFI at 128 bits, doubling up to the cap. The coordinate cut
// is the one whose halves leave the least undecided slack width in total (what a cut gains,
// measured by evaluating both halves, where a smear heuristic estimates it from derivatives; a
// half that decides leaves none, so that next to a set where the slack is 0, such as q = 0, the
// cut that separates the set wins over cuts along it), among the sides at
// least 1/16 as wide as the widest relative to the region; with more than kMeasuredCoordinates
// sides, or with ChooseCut::Widest, the widest relative to the region. The midpoint of an undecided box is
// evaluated as a point: a certain violation there is a candidate counterexample, which the
// caller's `certify` decides with the engine (exact inputs, the engine's tiers).
//
// Boxes are evaluated wave by wave (every open box of one depth), in parallel on `threads`
// threads, and the results are taken in order: the tree, the verdict and the counterexample do not
// depend on `threads`. On the ranks of an MPI job each wave's boxes are dealt over the ranks, and
// every rank takes rank 0's gathered results, so that every rank holds the same tree as one
// process would; a candidate counterexample is certified on rank 0, which tells the others. A
// time limit cuts a run where the clock says, so only a run that stops on the box limit or decides
// everything repeats exactly.
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "verify/distributed/rank_world.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/engine.hpp"
#include "verify/prove/box_statement.hpp"
#include "verify/prove/region.hpp"

namespace nb::prove {

enum class ChooseCut { Measured, Widest };

// Coordinates measured to choose a cut; a box with more undecided sides is cut at its widest.
inline constexpr std::size_t kMeasuredCoordinates = 16;

// A side shorter than this fraction of its scale (max(1, |midpoint|)) is not cut again.
inline constexpr int kSmallestSideExponent = -30;

// What the engine says of a candidate counterexample: the case certified VIOLATED (possibly a
// simpler one, inside the region), or none.
using CertifyFn = std::function<std::optional<Case>(const Case&)>;

struct ProofProgress {
  std::size_t boxes = 0;          // evaluated so far
  std::size_t open = 0;           // boxes waiting
  double undecided_fraction = 1;  // of the region's volume, not yet decided
  double seconds = 0;
};

struct ProofSettings {
  std::size_t max_boxes = 200000;
  double time_limit = 600;  // seconds of wall time
  unsigned threads = 1;
  unsigned max_precision = 512;  // bits of the MPFI cap for the smallest boxes
  ChooseCut cut = ChooseCut::Measured;
  std::function<void(const ProofProgress&)> progress;  // after each wave, on the calling thread
  // The ranks of an MPI job, every one of which calls prove_region alike; null or one rank: this
  // process alone (no MPI call).
  const RankWorld* ranks = nullptr;
};

enum class LeafStatus { Proven, OutsideAssumptions, Residual };
const char* leaf_status_key(LeafStatus s);  // "proven", "outside-assumptions", "residual"

// A node of the tree of boxes: cut at `at` along `coordinate` into children `low` (the box's part
// <= at) and `high` (>= at), or a leaf (coordinate < 0) whose verdict is leaves[leaf].
struct ProofNode {
  int coordinate = -1;
  Rational at;
  std::size_t low = 0, high = 0, leaf = 0;
};

struct ProofLeaf {
  Box box;
  LeafStatus status = LeafStatus::Residual;
  Tier tier = Tier::Binary64;  // what decided it (for a residual leaf: the last tried)
  unsigned bits = kBinary64TierBits;
  // The lowest slack end over its claims (NaN if unknown); for a leaf a limit left unevaluated,
  // its parent's (a lower bound over the leaf too).
  Mpfr slack_lo;
  bool evaluated = true;  // false: a residual leaf a limit left unevaluated
};

enum class ProofOutcome { ProvenOnRegion, Violated, Undecided };
const char* proof_outcome_name(ProofOutcome o);  // "PROVEN ON REGION", "VIOLATED", "UNDECIDED"
const char* proof_outcome_key(ProofOutcome o);   // "proven_on_region", "violated", "undecided"

struct RegionProof {
  ProofOutcome outcome = ProofOutcome::Undecided;
  std::vector<ProofNode> nodes;  // nodes[0]: the region (a complete tree unless VIOLATED)
  std::vector<ProofLeaf> leaves;
  std::optional<Case> witness;  // VIOLATED: the certified counterexample (on rank 0 alone)
  std::size_t boxes = 0;        // evaluations of boxes (not counting the measuring of cuts)
  Rational region_volume, residual_volume, outside_volume;
  std::string stopped_by;  // "", "box limit", "time limit", "smallest boxes"
  double seconds = 0;
};

// Proves `statement` on `region`. On several ranks, `certify` runs on rank 0 only.
RegionProof prove_region(const BoxStatement& statement, const formula::TheoremSpec& spec, const Region& region,
                         const ProofSettings& settings, const CertifyFn& certify);

// The verdict of one leaf evaluated afresh as `tier` at `bits` (Binary64, or Mpfi), for recheck.
BoxStatus recheck_box(const BoxStatement& statement, const Box& box, Tier tier, unsigned bits);

}  // namespace nb::prove
