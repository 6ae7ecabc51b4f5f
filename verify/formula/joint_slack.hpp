#pragma once
// Claims whose slack is the difference of two quantities that formulas enclose apart but that a
// kernel encloses as one (a joint slack), recognised from the formulas' trees. A region proof
// intersects a claim's slack enclosure with its joint slack's (verify/prove/box_statement.hpp).
//
// Enclosed apart, two quantities equal on a set (a sharp bound's equality set) leave the slack's
// enclosure below 0 on every box that meets the set, however small; a joint kernel can keep its
// lower end at 0 there, with a proof of its own. One so far:
//
//   TopWeightOverJacobianNorm   spectral_norm(softmax_jacobian(X, T)) <= max(i, softmax(X / T)[i]) / T
//       (or max(i, softmax(X / T)[i] / T); < and == too, and >= or > with the sides swapped):
//       the slack max_i a_i / T - ||J(X, T)||_2, a = softmax(X / T), is the gap
//       max_i a_i - lambda_max(diag(a) - a a^T) over T where T > 0
//       (verify/kernels/top_weight_downdate_gap.hpp), 0 wherever the two top logits tie.
//
// The trees are read with every definition's name replaced by its formula, so that naming a
// subexpression in [define] changes nothing; subexpressions match when their trees are the same
// (kinds, names, literals as written). A sufficient condition: a claim written otherwise is not
// recognised and is proved with its own enclosures alone.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "verify/formula/theorem_spec.hpp"

namespace nb::formula {

struct JointSlack {
  enum class Kind { TopWeightOverJacobianNorm };
  Kind kind;
  // The kernel's arguments, definitions replaced: for TopWeightOverJacobianNorm, X and T.
  std::vector<Formula> arguments;
};

// The joint slack of `claim` of `spec`, or none.
std::optional<JointSlack> joint_slack(const TheoremSpec& spec, const ClaimSpec& claim);

// "top-weight-over-jacobian-norm": the kind's name in certificates.
const char* joint_slack_key(JointSlack::Kind kind);

}  // namespace nb::formula
