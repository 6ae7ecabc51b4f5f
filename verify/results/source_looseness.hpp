#pragma once
// How loose each bound is on cases from a model or file source: per theorem and per
// layer x head, the distribution of the tightness ratio of each case's deciding claim (value/bound
// for value <= bound, bound/value for value >= bound; 1 is attained), and the theorems whose bound
// is more than 10 times looser than the value on every case, "vacuous on this input". The ratios
// are those of verify/results/tightness_ratio.hpp (the report's value/bound heat maps read the same).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/results/results.hpp"

namespace nb {

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

// The theorems of `results` with at least one case that has a tightness ratio
// (log10_tightness_ratio: a certified inequality with a finite, positive value and bound; other
// cases are left out).
std::vector<TheoremLooseness> looseness_of(const RunResults& results);

// {"theorems": [{"id", "cases", "max_ratio", "vacuous", "factor", "groups": [{"layer", "head",
// "cases", "min", "median", "max"}]}]}
nlohmann::json looseness_json(const std::vector<TheoremLooseness>& looseness);

// One line per vacuous theorem: "ID: vacuous on this input (bound >= F x value on every case)".
std::string vacuous_lines(const std::vector<TheoremLooseness>& looseness);

// "## Looseness on this input": per theorem its cases, largest ratio and whether vacuous.
std::string looseness_markdown(const std::vector<TheoremLooseness>& looseness);

}  // namespace nb
