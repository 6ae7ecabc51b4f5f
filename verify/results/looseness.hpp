#pragma once
// How loose each bound is on cases from a model or file source (a field of RunResults): per
// theorem and per layer x head, the distribution of the tightness ratio of each case's deciding
// claim (value/bound for value <= bound, bound/value for value >= bound; 1 is attained).
// verify/results/source_looseness.hpp computes it from the outcomes.
#include <cstddef>
#include <string>
#include <vector>

namespace nb {

// A theorem is vacuous on an input when its bound is more than this factor looser than the value
// on every case.
inline constexpr double kVacuousFactor = 10;

struct RatioSpread {
  std::string layer, head;  // "" when the cases carry no layer or head
  std::size_t cases = 0;
  double min = 0, median = 0, max = 0;  // ratios (log10_ratio_spread's, as powers of 10)
};

struct TheoremLooseness {
  std::string id;
  std::vector<RatioSpread> groups;  // by layer, then head
  std::size_t cases = 0;
  double max_ratio = 0;             // over all cases
  double max_log10_ratio = 0;       // its log10 (exact where max_ratio underflows)
  bool vacuous = false;             // every ratio below 1/kVacuousFactor
};

}  // namespace nb
