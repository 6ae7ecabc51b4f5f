#pragma once
// A regime: the shapes suites are drawn at for `normbound check --regime NAME`, as data. "paper" is
// GPT-2's regime, where arXiv 2508.17821 runs its experiments (Section 3): head width d = 64,
// sequences of up to 1024 tokens, temperature T = sqrt(d) = 8.
#include <string>
#include <vector>

#include "verify/engine/case_shape.hpp"
#include "verify/engine/theorem.hpp"

namespace nb {

struct SuiteRegime {
  std::string name;
  std::string description;
  std::vector<CaseShape> shapes;  // case i of a regime suite is drawn at shapes[i % size]
};

// d = 64, T = 8, and L = 64, 256, 1024.
const SuiteRegime& paper_regime();

// The regime called `name`. Throws UsageError naming the regimes there are.
const SuiteRegime& regime_named(const std::string& name);

// What a regime asks of one theorem: its shapes in the parts the theorem's suite takes
// (TheoremInfo::shapes), without those longer than its max_L. No shapes: the theorem is not run
// in the regime, and `note` says why ("not run, because ..."); otherwise `note` says what was left
// out, or is empty.
struct RegimeShapes {
  std::vector<CaseShape> shapes;
  std::string note;
};
RegimeShapes regime_shapes(const TheoremInfo& info, const SuiteRegime& regime);

// One line for `normbound list`: the shapes run ("L=64, T=8; L=256, T=8") and the note, or the note
// alone when the theorem is not run in the regime.
std::string regime_summary(const TheoremInfo& info, const SuiteRegime& regime);

// `count` cases of `theorem`'s suite drawn at the regime's shapes (regime_shapes), each with
// provenance "regime" and its label marked; none when the theorem is not run in the regime.
std::vector<Case> regime_cases(const Theorem& theorem, const SuiteRegime& regime, std::uint64_t seed,
                               std::size_t count);

}  // namespace nb
