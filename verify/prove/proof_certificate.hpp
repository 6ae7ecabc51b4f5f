#pragma once
// The certificate of a region proof: the statement proved (the theorem file's text, whole), the
// claims, the region, the tree of boxes with every leaf's box, verdict, tier and precision, and
// for a violation the counterexample. `recheck` trusts none of its verdicts: it rebuilds every
// leaf's box from the region and the cuts (so that the leaves cover the region exactly: each cut
// splits a box in two closed halves at a point strictly inside it, each node and leaf used once),
// compares it with the box the leaf records, and evaluates every leaf afresh.
//
//   {"format": "normbound-region-certificate", "version": 1, "normbound": "0.1.0",
//    "theorem": {"id", "file", "sha256", "text"}, "claims": [1, 2], "softmax": "range" | "engine",
//    "forms": "natural" | "mean-value" (BoxForms; absent in certificates written before it: natural),
//    "sizes": {"L": 3}, "region": [{"coordinate": "logits[0]", "interval": ["-2", "2"]}, ...],
//    "outcome": "proven_on_region" | "violated" | "undecided", "witness": case (violated),
//    "nodes": [{"cut": {"coordinate": 1, "at": "0"}, "low": 1, "high": 2}, {"leaf": 0}, ...],
//    "leaves": [{"box": [["-2", "0"], ...], "status": "proven", "tier": "binary64", "bits": 53}, ...],
//    "boxes": 1234, "stopped_by": ""}
// Numbers are exact literals (verify/prove/region.hpp rational_literal); the file is named
// without its directory.
#include <cstddef>
#include <functional>
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
};

// [[lo, hi], ...]: a box's sides as exact literals, coordinate by coordinate.
nlohmann::json box_json(const Box& box);
// [{"coordinate": "logits[0]", "interval": [lo, hi]}, ...]: the region's coordinates and sides.
nlohmann::json region_json(const Region& region);

nlohmann::json certificate_json(const ProvedStatement& statement, const Region& region, const RegionProof& proof);

// Certifies a counterexample afresh: whether the engine certifies `c` VIOLATED.
using ViolationCheck = std::function<bool(const formula::TheoremSpec&, const Case&)>;

struct RecheckResult {
  bool passed = false;
  bool finished = true;  // false: the time limit came before every leaf was evaluated (passed is false)
  std::string failure;  // the first offence: "leaf 17 (box ...): recorded proven, evaluates undecided"
  std::string theorem_id;
  ProofOutcome outcome = ProofOutcome::Undecided;
  std::size_t leaves = 0, proven = 0, outside = 0, residual = 0;
};

// Rechecks the certificate `j` on `threads` threads, `violated` deciding a counterexample, the
// leaves' evaluations started within `time_limit` seconds of wall time (one leaf is not cut: the
// limit bounds the run to it plus one leaf's evaluation per thread); past it, finished is false. Throws InputError naming the field when `j` is not a certificate of
// this format (a malformed file); a well-formed certificate that does not hold gives passed =
// false and the first offending leaf or field.
RecheckResult recheck_certificate(const nlohmann::json& j, unsigned threads, const ViolationCheck& violated,
                                  double time_limit = 3600);

}  // namespace nb::prove
