#include "verify/engine/theorem.hpp"

namespace nb {

const char* fidelity_name(Fidelity f) {
  switch (f) {
    case Fidelity::Verbatim: return "verbatim";
    case Fidelity::Reconstructed: return "reconstructed";
    case Fidelity::Heuristic: return "heuristic";
    case Fidelity::Extension: return "extension";
  }
  return "?";
}

const char* expect_name(Expect e) { return e == Expect::Holds ? "holds" : "violated"; }

const char* relation_symbol(Relation r) {
  switch (r) {
    case Relation::LessEqual: return "<=";
    case Relation::Less: return "<";
    case Relation::GreaterEqual: return ">=";
    case Relation::Greater: return ">";
    case Relation::Equal: return "=";
  }
  return "?";
}

}  // namespace nb
