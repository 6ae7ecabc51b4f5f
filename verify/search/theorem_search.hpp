#pragma once
// The search of one theorem (`normbound search`): local minimizations of the binary64 relative
// slack (search/tightness.hpp) over the theorem's free inputs (verify/engine/search_space.hpp), from
// restarts drawn from its own suite, then the best points certified by the engine through
// nb::run like any case, and a certified violation shrunk while it stays certified VIOLATED (a
// point that holds is simplified while its binary64 tightness does not drop, so that a bound
// attained at a tie gets the tie, which the exact tier can decide).
#include <cstdint>
#include <string>
#include <vector>

#include "verify/engine/case_shape.hpp"
#include "verify/search/case_shrinker.hpp"
#include "verify/search/local_minimizer.hpp"
#include "verify/engine/engine.hpp"

namespace nb::search {

struct SearchSettings {
  std::uint64_t seed = 0;
  std::size_t budget = 2000;         // binary64 evaluations over all restarts
  CaseShape shape;                   // starts of this shape: drawn at it when the suite takes it, else selected
  CheckSettings check;               // how the engine certifies
  std::size_t suite_cases = 100;     // suite cases evaluated in binary64 for the frontier's comparison
  std::size_t shrink_attempts = 400; // candidates a shrink may try
};

// One local minimization from a suite case.
struct SearchRestart {
  Case start;                       // the suite case it started from
  double start_relative_slack = 0;  // binary64, at the start
  Minimum minimum;                  // relative slack at the best point, evaluations
  Case best;                        // the exact case at the best point
  std::string claim;                // the claim with the smallest relative slack there
};

struct TheoremSearch {
  const Theorem* theorem = nullptr;
  std::vector<SearchRestart> restarts;  // in start order
  std::size_t evaluations = 0;          // binary64 evaluations, restarts and simplification
  std::size_t best_restart = 0;         // index of the smallest relative slack
  double suite_relative_slack = 0;      // the smallest over the suite's cases, binary64
  std::string suite_label;              // its case
  // The cases to certify, the one to show first at the front: the shrunk violation (or the
  // simplified tightest point) when shrinking changed anything, then each restart's best point
  // (smallest relative slack first).
  std::vector<Case> certified_cases;
  bool shrunk = false;     // certified_cases[0] is a shrunk / simplified case
  bool violation = false;  // the best points included a certified violation (then [0] is one)
  ShrunkCase shrink;       // steps and attempts of the shrink (or simplification)
};

// The search's objective at `c`: its binary64 relative slack (search/tightness.hpp). Throws
// InputError when `c` breaks the theorem's assumptions.
double search_objective(const Theorem& theorem, const Case& c, const EvalContext& ctx);

// Whether and why not `theorem` can be searched ("" when it can).
std::string why_not_searchable(const Theorem& theorem);

// Searches `theorem`. Throws UsageError when no suite case has the requested shape, or the
// theorem is not searchable; rethrows InputError from the engine.
TheoremSearch search_theorem(const Theorem& theorem, const SearchSettings& settings);

}  // namespace nb::search
