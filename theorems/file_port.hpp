#pragma once
// A built-in theorem restated in a theorem file (a port, theorems/<id>-as-formula.toml)
// names the built-in's inputs as the built-in does and adds the lengths the file declares, which a
// file theorem reads off the vectors and matrices they size (theorems/file_theorem.hpp), so a
// built-in case is a case of the port: the port is then checked on the built-in's cases (its tests, bench/theorem_file_ports.cpp). A built-in
// may read inputs that enter none of its claims (softmax-lipschitz's epsilon names the swap
// example its case restates): a port leaves them undeclared, and they are left out of its cases.
#include "verify/engine/case.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {

// `c` as a case of the theorem `port` states: its id, and only the numbers and integers `port`
// declares.
Case port_case(const formula::TheoremSpec& port, Case c);

// Leaves out of `c` the integers `spec` declares no input for: a built-in's sample_seed, or N that a
// shared generator draws where the file writes L for it.
void drop_undeclared_integers(const formula::TheoremSpec& spec, Case& c);

}  // namespace nb::theorems
