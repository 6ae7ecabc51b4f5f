#pragma once
// A built-in theorem restated in a theorem file (a port, theorems/specs/<id>-as-formula.toml)
// names the built-in's inputs as the built-in does and adds the lengths the file declares, so a
// built-in case becomes a case of the port once those lengths are read off its inputs: the port
// is then checked on the built-in's cases (its tests, bench/theorem_file_ports.cpp). A built-in
// may read inputs that enter none of its claims (softmax-lipschitz's epsilon names the swap
// example its case restates): a port leaves them undeclared, and they are left out of its cases.
#include "verify/case.hpp"
#include "verify/formula/theorem_spec.hpp"

namespace nb::theorems {

// `c` as a case of the theorem `port` states: its id, only the numbers `port` declares, and each
// length input set to the size it has in the vectors and matrices of `c` that `port` declares with
// that length. A length no such input sizes stays unset (the port refuses the case).
Case port_case(const formula::TheoremSpec& port, Case c);

}  // namespace nb::theorems
