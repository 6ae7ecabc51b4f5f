#pragma once
// Which parts of a requested shape (verify/engine/case_shape.hpp) a theorem's suite generator draws its
// cases at: data in TheoremInfo, so that `check --regime` and `search --shape` know without asking
// the generator, and a registry test holds the generator to it.
#include <cstddef>
#include <string>

namespace nb {

struct SuiteShapes {
  // The parts of SuiteRequest::shapes the generator sets on its cases; a part it does not take is
  // drawn as in its default suite. None: it takes no shape, and `why` says why.
  bool L = false, d = false, N = false, T = false;
  // The longest L a regime runs it at (0: any): beyond it the cost of its cases, or their
  // verdicts, stop a regime run from being affordable; `why` says which.
  std::size_t max_L = 0;
  std::string why;
  // Its default suite (suite_cases, verify/results/run.hpp) ends with one case at each shape of the paper
  // regime: set where those cases are cheap (docs/cli.md's `--regime` paragraph gives the measured
  // cost of the theorems left out).
  bool in_default_suite = false;

  bool any() const { return L || d || N || T; }
  SuiteShapes also_in_default_suite() const {
    SuiteShapes s = *this;
    s.in_default_suite = true;
    return s;
  }
};

}  // namespace nb
