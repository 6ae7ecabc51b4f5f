#pragma once
// The certificate of a region proof: the statement proved (the theorem file's text, whole), the
// claims, the region, the tree of boxes with every leaf's box, verdict, tier and precision, and
// for a violation the counterexample. `recheck` trusts none of its verdicts: it rebuilds every
// leaf's box from the region and the cuts (so that the leaves cover the region exactly: each cut
// splits a box in two closed halves at a point strictly inside it, each node and leaf used once),
// compares it with the box the leaf records, and evaluates every leaf afresh, in the arithmetic the
// leaf records and again in Arb balls.
//
//   {"format": "normbound-region-certificate", "version": 1, "normbound": "0.1.0",
//    "theorem": {"id", "file", "sha256", "text"}, "claims": [1, 2], "softmax": "range" | "engine",
//    "forms": "natural" | "mean-value" (BoxForms; absent in certificates written before it: natural),
//    "sizes": {"L": 3}, "region": [{"coordinate": "logits[0]", "interval": ["-2", "2"]}, ...],
//    "reduction": {"ordered_cone": "logits"} (absent: none; the tree's boxes are then the cone's
//    coordinates, verify/prove/ordered_cone.hpp),
//    "joint_slacks": [{"claim": 2, "kernel": "top-weight-over-jacobian-norm"}] (absent: none; the
//    kernels that enclosed a claim's slack as one, verify/formula/joint_slack.hpp),
//    "outcome": "proven_on_region" | "violated" | "undecided", "witness": case (violated),
//    "nodes": [{"cut": {"coordinate": 1, "at": "0"}, "low": 1, "high": 2}, {"leaf": 0}, ...],
//    "leaves": [{"box": [["-2", "0"], ...], "status": "proven", "tier": "binary64", "bits": 53}, ...],
//    "boxes": 1234, "stopped_by": ""}
// Numbers are exact literals (verify/prove/region.hpp rational_literal); the file is named
// without its directory.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/prove/region_proof.hpp"

namespace nb::prove {

// What a certificate is about, besides the proof itself.
struct ProvedStatement {
  const formula::TheoremSpec* spec = nullptr;
  std::string file_name;  // the theorem file's name, without its directory
  std::string text;       // the theorem file's text
  std::vector<std::size_t> claims;  // positions (0-based) of the claims proved
  BoxKernels kernels = BoxKernels::Range;
  BoxForms forms = BoxForms::MeanValue;
  std::string ordered_cone;  // the vector input proved on its ordered cone (ordered_cone.hpp), or ""
};

// [[lo, hi], ...]: a box's sides as exact literals, coordinate by coordinate.
nlohmann::json box_json(const Box& box);
// [{"coordinate": "logits[0]", "interval": [lo, hi]}, ...]: the region's coordinates and sides.
nlohmann::json region_json(const Region& region);

nlohmann::json certificate_json(const ProvedStatement& statement, const Region& region, const RegionProof& proof);

// Certifies a counterexample afresh: whether the engine certifies `c` VIOLATED for the theorem
// `spec` states (the certificate's claims alone, spec_of_claims).
using ViolationCheck = std::function<bool(const formula::TheoremSpec&, const Case&)>;

// What a recheck must find the certificate to prove (recheck's --against, --size, --region,
// --claim); a certificate about something else, or less, is refused.
struct RecheckDemand {
  std::optional<std::string> statement;  // the theorem file's text the certificate must embed, byte for byte
  std::string statement_origin;          // where that text comes from, for the messages
  std::vector<std::string> sizes;        // "NAME=N", as prove's --size: the certificate's sizes must be these
  std::vector<std::string> regions;      // "NAME=[LO,HI]", as prove's --region: the certificate's region must hold them
  std::vector<std::size_t> claims;       // positions (0-based): proven, the certificate's claims must include them;
                                         // violated, its claims must be among them
  // Whether it asks for sizes, a region or claims (an UNDECIDED certificate meets none of those).
  bool asks_what_is_proved() const { return !sizes.empty() || !regions.empty() || !claims.empty(); }
};

// The first arithmetic's verdict on a leaf at its recorded tier and precision (recheck_box). A
// test puts a wrong one in its place to see the second arithmetic catch it.
using LeafCheck = std::function<BoxStatus(const BoxStatement&, const Box&, Tier, unsigned)>;

struct RecheckResult {
  bool passed = false;
  bool finished = true;  // false: the time limit came before every leaf was evaluated (passed is false)
  bool refused = false;  // the certificate is not about what the demand asks (passed is false; failure says why)
  std::string failure;  // the first offence: "leaf 17 (box ...): recorded proven, evaluates undecided"
  // What the certificate is about, as far as it was read before an offence.
  std::string theorem_id;
  std::string file;              // the theorem file's name it records
  std::string statement_sha256;  // of the statement text it embeds, computed afresh
  bool statement_is_demanded = false;  // that text is the demand's statement, byte for byte
  std::vector<std::string> claims;  // "claim 1: a <= b", the claims it proves (or refutes)
  std::string sizes, region;        // sizes_text, region_text of its region
  std::string reduction;            // the symmetry reduction verified, or "" (ordered_cone.hpp)
  std::vector<std::string> joint_slacks;  // the joint slacks verified ("claim 2: top-weight-over-jacobian-norm")
  std::optional<Case> witness;      // VIOLATED: the counterexample certified again
  ProofOutcome outcome = ProofOutcome::Undecided;
  std::size_t leaves = 0, proven = 0, outside = 0, residual = 0;
  std::vector<std::string> shared_kernels;  // what both arithmetics run with one algorithm (shared_kernels.hpp)
  // The second arithmetic of the evaluated leaves: Arb balls, or MPFI for a binary64 leaf the balls
  // do not decide (verify/prove/leaf_in_arb.hpp).
  std::size_t arb_leaves = 0, mpfi_leaves = 0;
  std::size_t arb_pieces = 0;  // pieces of the arb_leaves evaluated in Arb (at least one each)
  unsigned arb_bits = 0;       // the highest precision of the arb_leaves in Arb
};

// Rechecks the certificate `j` on `threads` threads, `violated` deciding a counterexample, the
// leaves' evaluations started within `time_limit` seconds of wall time (one leaf is not cut: the
// limit bounds the run to it plus one leaf's evaluation per thread); past it, finished is false.
// Every proven (or outside-the-assumptions) leaf is evaluated twice and must give its verdict in
// both: by `first_arithmetic` (the recorded tier and precision), and in Arb balls
// (verify/prove/leaf_in_arb.hpp) at the recorded precision (64 bits for binary64), or for a
// binary64 leaf the balls do not decide, in MPFI at 64 bits. Throws
// InputError naming the field when `j` is not a certificate of this format (a malformed file),
// UsageError for a demand that does not fit the certificate's theorem (an unknown input); a
// well-formed certificate that does not hold gives passed = false and the first offending leaf or
// field, one that is not about what `demand` asks refused = true.
RecheckResult recheck_certificate(const nlohmann::json& j, unsigned threads, const ViolationCheck& violated,
                                  double time_limit = 3600, const RecheckDemand& demand = {},
                                  const LeafCheck& first_arithmetic = recheck_box);

}  // namespace nb::prove
