#include "verify/formula/joint_slack.hpp"

#include <algorithm>
#include <set>

namespace nb::formula {
namespace {

bool binds_index(const Node& n) {
  return n.kind == Node::Kind::Call && n.args.size() >= 2 && n.args[0].kind == Node::Kind::Name &&
         (n.text == "sum" || n.text == "max" || n.text == "min" || n.text == "vec" || n.text == "count");
}

// n with each name of one of the first `visible` definitions replaced by that definition's tree
// (itself expanded with the definitions before it), except where an index variable hides it.
Node expanded(const Node& n, const TheoremSpec& spec, std::size_t visible, std::set<std::string>& hidden) {
  if (n.kind == Node::Kind::Name && !hidden.contains(n.text))
    for (std::size_t k = visible; k-- > 0;)
      if (spec.definitions[k].first == n.text) return expanded(spec.definitions[k].second.root, spec, k, hidden);
  Node out = n;
  const bool binds = binds_index(n) && !hidden.contains(n.args[0].text);
  if (binds) hidden.insert(n.args[0].text);
  for (std::size_t a = binds ? 1 : 0; a < n.args.size(); ++a) out.args[a] = expanded(n.args[a], spec, visible, hidden);
  if (binds) hidden.erase(n.args[0].text);
  return out;
}

bool same_tree(const Node& a, const Node& b) {
  if (a.kind != b.kind || a.text != b.text || a.args.size() != b.args.size()) return false;
  for (std::size_t k = 0; k < a.args.size(); ++k)
    if (!same_tree(a.args[k], b.args[k])) return false;
  return true;
}

bool is_call(const Node& n, const char* name, std::size_t arity) {
  return n.kind == Node::Kind::Call && n.text == name && n.args.size() == arity;
}

// spectral_norm(softmax_jacobian(X, T)): its X and T, or null.
const Node* jacobian_norm_arguments(const Node& n) {
  if (!is_call(n, "spectral_norm", 1) || !is_call(n.args[0], "softmax_jacobian", 2)) return nullptr;
  return &n.args[0];
}

// Whether `name` is an index variable of a reduction here: no input or definition is named so.
bool index_variable(const TheoremSpec& spec, const std::string& name) {
  return std::none_of(spec.inputs.begin(), spec.inputs.end(), [&](const InputSpec& in) { return in.name == name; }) &&
         std::none_of(spec.definitions.begin(), spec.definitions.end(), [&](const auto& d) { return d.first == name; });
}

// Whether n is softmax(X / T)[i] with i the variable `index`.
bool weight_entry(const Node& n, const std::string& index, const Node& X, const Node& T) {
  if (n.kind != Node::Kind::Index || n.args[1].kind != Node::Kind::Name || n.args[1].text != index) return false;
  const Node& weights = n.args[0];
  if (!is_call(weights, "softmax", 1) || weights.args[0].kind != Node::Kind::Divide) return false;
  return same_tree(weights.args[0].args[0], X) && same_tree(weights.args[0].args[1], T);
}

// Whether n is max(i, softmax(X / T)[i]) / T or max(i, softmax(X / T)[i] / T).
bool top_weight_over_temperature(const TheoremSpec& spec, const Node& n, const Node& X, const Node& T) {
  const auto top = [&](const Node& m, bool divided_inside) {
    if (!is_call(m, "max", 2) || m.args[0].kind != Node::Kind::Name || !index_variable(spec, m.args[0].text)) return false;
    const Node& body = m.args[1];
    if (!divided_inside) return weight_entry(body, m.args[0].text, X, T);
    return body.kind == Node::Kind::Divide && same_tree(body.args[1], T) && weight_entry(body.args[0], m.args[0].text, X, T);
  };
  if (n.kind == Node::Kind::Divide && same_tree(n.args[1], T) && top(n.args[0], false)) return true;
  return top(n, true);
}

Formula formula_of(const Node& n, const Formula& within) { return Formula{within.text, n, within.origin}; }

}  // namespace

std::optional<JointSlack> joint_slack(const TheoremSpec& spec, const ClaimSpec& claim) {
  // The slack is bound - value for <=, < and ==, value - bound for >= and > (verify/engine/slack.hpp):
  // the norm is the side subtracted.
  const bool value_minus_bound = claim.relation == Relation::GreaterEqual || claim.relation == Relation::Greater;
  const Formula& subtracted = value_minus_bound ? claim.bound : claim.value;
  const Formula& kept = value_minus_bound ? claim.value : claim.bound;
  std::set<std::string> hidden;
  const Node norm = expanded(subtracted.root, spec, spec.definitions.size(), hidden);
  const Node top = expanded(kept.root, spec, spec.definitions.size(), hidden);
  const Node* jacobian = jacobian_norm_arguments(norm);
  if (!jacobian || !top_weight_over_temperature(spec, top, jacobian->args[0], jacobian->args[1])) return std::nullopt;
  return JointSlack{JointSlack::Kind::TopWeightOverJacobianNorm,
                    {formula_of(jacobian->args[0], subtracted), formula_of(jacobian->args[1], subtracted)}};
}

const char* joint_slack_key(JointSlack::Kind kind) {
  switch (kind) {
    case JointSlack::Kind::TopWeightOverJacobianNorm: return "top-weight-over-jacobian-norm";
  }
  return "";
}

}  // namespace nb::formula
